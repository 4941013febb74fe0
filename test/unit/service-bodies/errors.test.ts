import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../utils/api/client';
import { DEFAULT_RETRY_SECONDS, parseRetryAfter, rateLimitedSeconds } from '../../../utils/api/errors';
import { clientServing, errorOf } from './serve';

type Call = (client: ApiClient) => Promise<unknown>;
const transcripts: Call = (c) => c.transcripts({ ids: ['dQw4w9WgXcQ'] });
const channels: Call = (c) => c.channels(['@tvademo']);
const analysis: Call = (c) => c.startAnalysis({ id: 'dQw4w9WgXcQ' });
const poll: Call = (c) => c.getJob(1);
const ask: Call = (c) => c.ask(1, 'Why?');

const NO_CLOUD =
  'You have no Cloud Requests left for this. Nothing was charged. Buy a Cloud Request pack or wait for your monthly allowance.';
const NO_AI =
  'You do not have enough AI Units for this. Nothing was charged. Add AI Units (a top-up) or choose a shorter analysis.';

const cases: [
  name: string,
  file: string,
  status: number,
  call: Call,
  code: string,
  retryable: boolean,
  says: string,
][] = [
  [
    'a 402 with an unknown code on a question',
    'error-402-unknown-code.json',
    402,
    ask,
    'insufficient_ai_units',
    false,
    'You do not have enough AI Units to ask this question. Nothing was charged. Add AI Units (a top-up), then ask again.',
  ],
  [
    'the legacy 402 code on an analysis',
    'error-402-legacy-credits.json',
    402,
    analysis,
    'insufficient_ai_units',
    false,
    NO_AI,
  ],
  ['an empty 402 on a channel listing', 'empty.txt', 402, channels, 'insufficient_cloud_requests', false, NO_CLOUD],
  [
    'a request-level 500 internal on transcripts',
    'error-500-internal.json',
    500,
    transcripts,
    'server_error',
    true,
    'The service had a problem and could not load the transcript (HTTP 500). Try again in a few minutes.',
  ],
  [
    'an error code nested in an object',
    'error-nested-object.json',
    403,
    transcripts,
    'email_unverified',
    false,
    'Your account e-mail address is not verified yet. Open the link the service e-mailed you, then try again.',
  ],
  [
    'a proxy’s HTML 403 page on transcripts',
    'error-proxy-403.html',
    403,
    transcripts,
    'forbidden',
    false,
    'The service refused to load the transcript (HTTP 403). If you reach it through a proxy or an API marketplace, check that your key may use this; otherwise check your API token in the options.',
  ],
  [
    'a proxy’s HTML 503 page on transcripts',
    'error-proxy-503.html',
    503,
    transcripts,
    'server_error',
    true,
    'The service is unavailable right now (HTTP 503), so Transcript Lens could not load the transcript. Try again in a few minutes.',
  ],
  [
    'a 503 page on an analysis start (the spec’s code-less 503)',
    'error-proxy-503.html',
    503,
    analysis,
    'service_unavailable',
    true,
    'The analysis service is unavailable right now. Nothing was charged. Try again in a few minutes.',
  ],
  [
    'an empty 502 on a question',
    'empty.txt',
    502,
    ask,
    'server_error',
    true,
    'The service is unavailable right now (HTTP 502), so Transcript Lens could not answer the question. Try again in a few minutes.',
  ],
  [
    'an HTML 404 page on transcripts (a wrong service address)',
    'error-404-page.html',
    404,
    transcripts,
    'endpoint_not_found',
    false,
    'The service address did not know this request (HTTP 404), so Transcript Lens could not load the transcript. Check the service address in the options.',
  ],
  [
    'a bare 422 on an analysis saying the video is too long (partial is offered)',
    'error-422-bare-too-long.json',
    422,
    analysis,
    'video_too_long',
    false,
    'This video is longer than your plan can analyze. Analyze only the allowed minutes, or upgrade your plan.',
  ],
  [
    'a bare 422 on an analysis saying the video is age-restricted (not a length refusal)',
    'error-422-bare-age-restricted.json',
    422,
    analysis,
    'age_restricted',
    false,
    'The video is age-restricted and cannot be analyzed.',
  ],
  [
    'a bare 422 on an analysis for another reason, said in the service’s words',
    'error-422-bare-other.json',
    422,
    analysis,
    'analysis_refused',
    false,
    'The service refused to analyze this video: “Analysis is not available for videos in this language yet.” Nothing was charged.',
  ],
  [
    'an empty 422 on an analysis keeps the spec’s meaning (too long)',
    'empty.txt',
    422,
    analysis,
    'video_too_long',
    false,
    'This video is longer than your plan can analyze. Analyze only the allowed minutes, or upgrade your plan.',
  ],
  [
    'an HTML 404 page on a poll (the job is gone)',
    'error-404-page.html',
    404,
    poll,
    'not_found',
    false,
    'The service no longer knows this analysis. Start it again to get a result.',
  ],
];

describe('error bodies of the corpus, read by the client', () => {
  it.each(cases)('%s', async (_name, file, status, call, code, retryable, says) => {
    const { client } = clientServing(file, { status });
    const error = await errorOf(call(client));
    expect([error.status, error.code, error.details.retryable, error.sentence]).toEqual([
      status,
      code,
      retryable,
      says,
    ]);
  });

  it('a 429 in the spec’s shape keeps its Retry-After', async () => {
    const { client } = clientServing('error-spec-shape-rate-limited.json', { status: 429, retryAfter: '7' });
    const error = await errorOf(transcripts(client));
    expect([error.code, error.retryAfter, rateLimitedSeconds(error)]).toEqual(['rate_limited', 7, 7]);
  });

  it.each(['0', '1.5', '-1', 'Wed, 21 Oct 2015 07:28:00 GMT', 'soon', '', '7 seconds', '0x10'])(
    'a 429 with Retry-After %j waits the default backoff, never 0',
    async (header) => {
      const { client } = clientServing('error-spec-shape-rate-limited.json', { status: 429, retryAfter: header });
      const error = await errorOf(transcripts(client));
      expect(error.retryAfter).toBeUndefined();
      expect(rateLimitedSeconds(error)).toBe(DEFAULT_RETRY_SECONDS);
      expect(DEFAULT_RETRY_SECONDS).toBeGreaterThan(0);
    },
  );
});

describe('parseRetryAfter (RFC 9110: delta-seconds or HTTP-date)', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  it.each([
    ['7', 7],
    [' 12 ', 12],
    ['120', 120],
    ['Sun, 22 Nov 2026 12:00:30 GMT', 30],
    ['Sunday, 22-Nov-26 12:01:00 GMT', 60],
    ['Sun Nov 22 12:00:10 2026', 10],
    ['Sun, 22 Nov 2026 12:00:00 GMT', undefined],
    ['Sun, 22 Nov 2026 11:00:00 GMT', undefined],
    ['0', undefined],
    ['1.5', undefined],
    ['-1', undefined],
    ['+5', undefined],
    ['soon', undefined],
    ['2026-11-22T12:00:30Z', undefined],
  ])('%j → %j', (header, seconds) => {
    expect(parseRetryAfter(header, now)).toBe(seconds);
  });
});
