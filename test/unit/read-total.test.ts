import { describe, expect, it } from 'vitest';
import { readAccount } from '../../utils/api/read/account';
import { readAnswerBody } from '../../utils/api/read/answer-body';
import { readBalances } from '../../utils/api/read/balances';
import { bodyFromText } from '../../utils/api/read/body';
import { readChannels } from '../../utils/api/read/channels';
import { readErrorBody } from '../../utils/api/read/error-body';
import { readJob } from '../../utils/api/read/job';
import { readTranscripts } from '../../utils/api/read/transcripts';

/** Junk and near-misses of every shape the readers meet. */
const deep = (n: number): unknown =>
  n === 0 ? { results: [] } : n % 2 ? { data: deep(n - 1) } : { tracks: [deep(n - 1)] };
const JUNK: unknown[] = [
  undefined,
  null,
  0,
  -1,
  Number.NaN,
  '',
  'x',
  '{"not": "closed"',
  true,
  [],
  [null, 1, 'two', [], {}],
  {},
  { results: 'nope' },
  { results: [null, 1, {}, { id: 5, segments: 'x' }, { tracks: [null, { transcript: [null, 'a', { start: 'x' }] }] }] },
  { success: {}, failed: [{}] },
  { tracks: [] },
  { jobId: { nested: 1 }, status: 42, artifact: null },
  { jobId: '1e400', status: ['ready'] },
  { plan: 7, cloudRequestsRemaining: 'lots', balances: { cloudRequests: { remaining: -4 } } },
  { error: { code: { deeper: true } }, message: 9 },
  JSON.parse('{"__proto__": {"polluted": true}, "results": [{"__proto__": {"x": 1}, "id": "a", "text": "t"}]}'),
  deep(400),
];

describe('readers are total: junk gives a value or null, never a throw or prototype pollution', () => {
  it.each(JUNK.map((j, i) => [i, j]))('junk #%i', (_i, junk) => {
    expect(() => {
      readTranscripts(junk, { ids: ['a'] });
      readChannels(junk, ['a']);
      readJob(junk);
      readAccount(junk);
      readBalances(junk);
      readErrorBody({ json: junk, text: '', contentType: '', html: false });
      readAnswerBody({ json: junk, text: String(junk), html: false });
      bodyFromText(typeof junk === 'string' ? junk : (JSON.stringify(junk) ?? ''));
    }).not.toThrow();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('a job id past the safe integers, or not a whole number, is not a job id', () => {
    expect(readJob({ jobId: '1e400', status: 'ready' })).toBeNull();
    expect(readJob({ jobId: 12.5, status: 'ready' })).toBeNull();
    expect(readJob({ jobId: '9007199254740993', status: 'ready' })).toBeNull();
  });

  it('a negative or non-numeric balance is unknown, not a number', () => {
    expect(readBalances({ cloudRequestsRemaining: -3, aiUnitsRemaining: 'lots' })).toBeNull();
    expect(readBalances({ cloudRequestsRemaining: null, creditsRemaining: '12' })).toEqual({ cloudRequests: 12 });
  });
});
