import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../utils/api/errors';
import { RateLimitWaitTooLong } from '../../../utils/scheduler/errors';
import { errorOutcome, mayHaveCharged } from '../../../utils/till/outcome';

const err = (status: number, code: string) => new ServiceError(status, code, code);

describe('how a failed paid request ended', () => {
  it.each([
    // Never sent, or refused by the spec's rules: nothing consumed.
    ['no token', err(0, 'no_token'), 'transcript', 'refused'],
    ['no permission', err(0, 'not_permitted'), 'transcript', 'refused'],
    ['withdrawn while waiting', err(0, 'aborted'), 'transcript', 'refused'],
    ['402', err(402, 'insufficient_cloud_requests'), 'transcript', 'refused'],
    ['403', err(403, 'plan_required'), 'listing', 'refused'],
    ['422', err(422, 'video_too_long'), 'analysis', 'refused'],
    ['429', err(429, 'rate_limited'), 'transcript', 'refused'],
    ['a tool refusing (no balance)', err(200, 'tool_error'), 'search', 'refused'],
    ['an analysis start 503 (spec: refused before start)', err(503, 'service_unavailable'), 'analysis', 'refused'],
    // Sent, answer never read: the service may have delivered and charged.
    ['a timeout', err(0, 'timeout'), 'transcript', 'unknown'],
    ['a dropped connection', err(0, 'network'), 'ask', 'unknown'],
    ['an unreadable 2xx', err(200, 'bad_response'), 'transcript', 'unknown'],
    ['a 503 on transcripts', err(503, 'server_error'), 'transcript', 'unknown'],
    ['a 500 on a listing', err(500, 'server_error'), 'listing', 'unknown'],
    ['anything else thrown', new TypeError('boom'), 'search', 'unknown'],
  ] as const)('%s → %s', (_what, error, kind, state) => {
    expect(errorOutcome(error, kind).state).toBe(state);
  });

  it('a rate-limit wait too long is refused (429s are free)', () => {
    expect(errorOutcome(new RateLimitWaitTooLong(600), 'transcript').state).toBe('refused');
  });

  it('an unknown outcome is said with what may have happened and the price of trying again', () => {
    const said = mayHaveCharged(err(0, 'timeout'), 'transcript', '1 Cloud Request');
    expect(said.sentence).toBe(
      'The service took too long to answer. It may have delivered and charged the transcript; Transcript Lens sends nothing again by itself. Trying again costs 1 Cloud Request.',
    );
    expect(said.details.mayHaveCharged).toBe(true);
    expect(said.code).toBe('timeout');
  });

  it('a 5xx is said as the service’s error, not as a failed connection', () => {
    const said = (status: number, code: string) => mayHaveCharged(err(status, code), 'listing', '1 Cloud Request');
    expect(said(500, 'server_error').sentence).toBe(
      'The service answered with an error (HTTP 500) after the request was sent. It may have listed the channel and charged 1 Cloud Request; Transcript Lens sends nothing again by itself. Trying again costs 1 Cloud Request.',
    );
    expect(said(0, 'network').sentence).toMatch(/^The connection to the service failed after the request was sent\. /);
  });
});
