import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../utils/api/client';
import { ServiceError } from '../../utils/api/errors';
import { callTool, fetchAccount } from '../../utils/api/mcp';
import { useLocalService } from './local-service';
import { body } from './service-bodies/serve';

const service = useLocalService(200);
const { control } = service;

const client = (token: string, seen: Array<Record<string, number>> = []) =>
  createApiClient({ baseUrl: service.url, token, onBalances: (b) => void seen.push(b), timeoutMs: 2_000 });

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe('REST client against the local service', () => {
  it('sends the token as is and reads transcripts and balances', async () => {
    const seen: Array<Record<string, number>> = [];
    const response = await client('demo-pro', seen).transcripts({ ids: ['tvaHuman001', 'tvaDisable1'] });
    expect(response.results.map((r) => r.id)).toEqual(['tvaHuman001', 'tvaDisable1']);
    expect(response.results[1]).toMatchObject({ error: 'transcripts_disabled' });
    expect(seen).toEqual([{ cloudRequests: 3499, aiUnits: 10000 }]);
  });

  it.each([
    ['no token', '', 0, 'no_token'],
    ['an unknown token', 'nope', 401, 'unauthorized'],
    ['an unverified account', 'demo-unverified', 403, 'email_unverified'],
    ['an empty balance', 'demo-empty', 402, 'insufficient_cloud_requests'],
  ])('maps %s to %s', async (_name, token, status, code) => {
    const error = await failure(client(token).transcripts({ ids: ['tvaHuman001'] }));
    expect([error.status, error.code]).toEqual([status, code]);
  });

  it('maps 400 bad_request (too many ids)', async () => {
    const ids = Array.from({ length: 51 }, (_, i) => `tvaGen${String(i).padStart(5, '0')}`);
    const error = await failure(client('demo-pro').transcripts({ ids }));
    expect([error.status, error.code]).toEqual([400, 'bad_request']);
  });

  it('maps 403 plan_required (channels on Free, deep on Starter)', async () => {
    const channels = await failure(client('demo-free').channels(['@tvademo']));
    expect([channels.status, channels.code]).toEqual([403, 'plan_required']);
    const deep = await failure(client('demo-starter').startAnalysis({ id: 'tvaHuman001', mode: 'deep' }));
    expect([deep.status, deep.code]).toEqual([403, 'plan_required']);
  });

  it('maps 402 insufficient_ai_units, 422 with the allowed minutes, 503, 404 and 409', async () => {
    await control('accounts', { token: 'demo-starter', aiUnits: 5 });
    const poor = await failure(client('demo-starter').startAnalysis({ id: 'tvaHuman001' }));
    expect([poor.status, poor.code]).toEqual([402, 'insufficient_ai_units']);

    const long = await failure(client('demo-pro').startAnalysis({ id: 'tvaMarathn1' }));
    expect([long.status, long.code, long.details.maxMinutes]).toEqual([422, 'video_too_long', 240]);

    await control('unavailable', { on: true });
    const down = await failure(client('demo-pro').startAnalysis({ id: 'tvaHuman001' }));
    expect(down.status).toBe(503);
    await control('unavailable', { on: false });

    const lost = await failure(client('demo-pro').getJob(999_999));
    expect([lost.status, lost.code]).toEqual([404, 'not_found']);

    const job = await client('demo-pro').startAnalysis({ id: 'tvaHuman001' });
    const early = await failure(client('demo-pro').ask(job.jobId, 'What is it about?'));
    expect([early.status, early.code]).toEqual([409, 'job_not_ready']);
  });

  it('reads Retry-After of a 429', async () => {
    await control('faults', { path: '/api/transcripts', status: 429, retryAfter: 7 });
    const error = await failure(client('demo-pro').transcripts({ ids: ['tvaHuman001'] }));
    expect([error.status, error.code, error.retryAfter]).toEqual([429, 'rate_limited', 7]);
  });

  it('understands the legacy insufficient_credits as insufficient Cloud Requests', async () => {
    await control('faults', {
      path: '/api/transcripts',
      status: 402,
      body: { error: 'insufficient_credits', message: 'x' },
    });
    const error = await failure(client('demo-pro').transcripts({ ids: ['tvaHuman001'] }));
    expect(error.code).toBe('insufficient_cloud_requests');
  });

  it('turns a malformed body, a wrong shape, a slow answer and a closed port into clear errors', async () => {
    await control('faults', { path: '/api/transcripts', status: 200, body: 'malformed' });
    expect((await failure(client('demo-pro').transcripts({ ids: ['tvaHuman001'] }))).code).toBe('bad_response');
    await control('faults', { path: '/api/transcripts', status: 200, body: { results: 'nope' } });
    expect((await failure(client('demo-pro').transcripts({ ids: ['tvaHuman001'] }))).code).toBe('bad_response');
    await control('faults', { path: '/api/transcripts', delayMs: 3_000 });
    expect((await failure(client('demo-pro').transcripts({ ids: ['tvaHuman001'] }))).code).toBe('timeout');
    const closed = createApiClient({ baseUrl: 'http://127.0.0.1:9', token: 'demo-pro' });
    expect((await failure(closed.transcripts({ ids: ['tvaHuman001'] }))).code).toBe('network');
  });
});

describe('corpus bodies served by the local service’s fault injector', () => {
  it('reads a bare-array transcript body and words a proxy’s HTML 503 page for the transcript', async () => {
    await control('faults', {
      path: '/api/transcripts',
      status: 200,
      text: body('transcripts-bare-array-tracks.json'),
    });
    const read = await client('demo-pro').transcripts({ ids: ['dQw4w9WgXcQ'] });
    expect(read.results[0]).toMatchObject({ isGenerated: true, languageCode: 'en', segments: [{ start: 18.8 }, {}] });

    await control('faults', {
      path: '/api/transcripts',
      status: 503,
      text: body('error-proxy-503.html'),
      contentType: 'text/html',
    });
    const error = await failure(client('demo-pro').transcripts({ ids: ['tvaHuman001'] }));
    expect([error.code, error.details.retryable, error.sentence]).toEqual([
      'server_error',
      true,
      'The service is unavailable right now (HTTP 503), so Transcript Lens could not load the transcript. Try again in a few minutes.',
    ]);
  });

  it('keeps a non-JSON ask answer as its text', async () => {
    await control('faults', { path: '/api/watch', status: 200, text: body('answer-plain-text.txt') });
    expect(await client('demo-pro').ask(1, 'Why?')).toBe(body('answer-plain-text.txt').trim());
  });

  it('refuses a JSON ask answer cut off on its way as unreadable (it may have been charged), not as its text', async () => {
    const jobId = (await client('demo-pro').startAnalysis({ id: 'tvaHuman001' })).jobId;
    while ((await client('demo-pro').getJob(jobId)).status !== 'ready') await new Promise((r) => setTimeout(r, 50));
    await control('faults', { path: `/api/watch/${jobId}/ask`, processFirst: true, body: 'malformed' });
    const error = await failure(client('demo-pro').ask(jobId, 'Why?'));
    expect([error.code, error.sentence]).toEqual([
      'bad_response',
      'The service’s answer to this question could not be read.',
    ]);
    expect(error.details.body).toBe('{"error": "internal", "message": "trunc');
  });
});

describe('MCP client against the local service', () => {
  it('reads the account with plan and balances', async () => {
    const account = await fetchAccount({ baseUrl: service.url, token: 'demo-pro' });
    expect(account).toMatchObject({ plan: 'pro', cloudRequestsRemaining: 3500, aiUnitsRemaining: 10000 });
  });

  it.each([
    ['a marketplace key', 'mkt-demo', 403, 'unsupported_transport'],
    ['an unknown token', 'nope', 401, 'unauthorized'],
    ['an unverified account', 'demo-unverified', 403, 'email_unverified'],
  ])('maps %s to %s', async (_name, token, status, code) => {
    const error = await failure(fetchAccount({ baseUrl: service.url, token }));
    expect([error.status, error.code]).toEqual([status, code]);
  });

  it('turns a tool result with isError into a tool_error with the tool’s own words', async () => {
    const error = await failure(
      callTool({ baseUrl: service.url, token: 'demo-free' }, 'list_channel_videos', { channel: '@tvademo' }),
    );
    expect(error.code).toBe('tool_error');
    expect(error.message.length).toBeGreaterThan(10);
  });

  it('turns a tool answer cut off on its way into bad_response (it may have been charged), not a failed connection', async () => {
    await control('faults', { path: '/mcp', tool: 'search_transcript', processFirst: true, body: 'malformed' });
    const args = { videos: ['tvaHuman001'], query: 'latency' };
    const error = await failure(callTool({ baseUrl: service.url, token: 'demo-pro' }, 'search_transcript', args));
    expect([error.status, error.code]).toEqual([200, 'bad_response']);
  });
});
