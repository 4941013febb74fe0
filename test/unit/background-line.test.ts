import { describe, expect, it } from 'vitest';
import { readBroadcast, readReply } from '../../components/youtube/background-line';
import { BroadcastMessage } from '../../utils/protocol/broadcasts';
import { ReplySchema } from '../../utils/protocol/envelope';

/** What zod (utils/protocol/envelope.ts and broadcasts.ts, the extension's pages) makes of a value: the parsed value, or null. */
const zod = (schema: typeof ReplySchema | typeof BroadcastMessage, raw: unknown) => {
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : null;
};

const replies: unknown[] = [
  { ok: true, data: { cues: [1, 2] } },
  { ok: true, data: null },
  { ok: true },
  { ok: true, data: undefined },
  { ok: true, data: 'x', extra: 'dropped' },
  { ok: false, error: { code: 'network', message: 'Could not reach the service.' } },
  { ok: false, error: { code: 'rate_limited', message: 'Slow down.', retryAfter: 12 } },
  { ok: false, error: { code: 'c', message: 'm', retryAfter: 0.5, details: { videoId: 'x', n: 1 } } },
  { ok: false, error: { code: 'c', message: 'm', extra: 'dropped' }, more: 1 },
  { ok: false, error: { code: 'c', message: 'm', retryAfter: undefined } },
  { ok: false, error: { code: 'c', message: 'm', details: undefined } },
  { ok: false, error: { code: 'c', message: 'm', retryAfter: '12' } },
  { ok: false, error: { code: 'c', message: 'm', retryAfter: Number.NaN } },
  { ok: false, error: { code: 'c', message: 'm', retryAfter: Number.POSITIVE_INFINITY } },
  { ok: false, error: { code: 'c', message: 'm', details: [] } },
  { ok: false, error: { code: 'c', message: 'm', details: null } },
  { ok: false, error: { code: 'c', message: 'm', details: 'text' } },
  { ok: false, error: { code: 'c' } },
  { ok: false, error: { code: 1, message: 'm' } },
  { ok: false, error: 'network' },
  { ok: false, error: null },
  { ok: false },
  { ok: 'true', data: 1 },
  { ok: 1, data: 1 },
  { data: 1 },
  [{ ok: true, data: 1 }],
  null,
  undefined,
  'ok',
  42,
];

const broadcasts: unknown[] = [
  { type: 'analysis.updated', videoId: 'tvaHuman001' },
  { type: 'analysis.updated', videoId: 'tvaHuman00' },
  { type: 'analysis.updated', videoId: 'tvaHuman001!' },
  { type: 'analysis.updated', videoId: 42 },
  { type: 'analysis.updated' },
  { type: 'analysis.updated', videoId: 'tvaHuman001', extra: 1 },
  { type: 'panel.toggle' },
  { type: 'panel.toggle', extra: undefined },
  { type: 'panel.toggle', tab: 'ask' },
  { type: 'panel.openTab', tab: 'ask' },
  { type: 'panel.openTab', tab: 'transcript' },
  { type: 'panel.openTab', tab: 'analysis' },
  { type: 'panel.openTab', tab: 'options' },
  { type: 'panel.openTab', tab: 'toString' },
  { type: 'panel.openTab' },
  { type: 'panel.openTab', tab: 'ask', videoId: 'tvaHuman001' },
  { type: 'bulk.ended', runId: '0b9d4a52-7c1e-4f3a-9d2b-5e6f7a8b9c0d' },
  { type: 'bulk.ended', runId: '0B9D4A52-7C1E-4F3A-9D2B-5E6F7A8B9C0D' },
  { type: 'bulk.ended', runId: '0b9d4a52-7c1e-4f3a-9d2b-5e6f7a8b9c0' },
  { type: 'bulk.ended', runId: '0b9d4a52-7c1e-4f3a-9d2b-5e6f7a8b9c0d', videoId: 'tvaHuman001' },
  { type: 'bulk.ended', runId: 42 },
  { type: 'bulk.ended' },
  { type: 'transcript.load', videoId: 'tvaHuman001' },
  { type: 'constructor' },
  { type: ['panel.toggle'] },
  [{ type: 'panel.toggle' }],
  'panel.toggle',
  null,
  undefined,
];

describe("the content script's own checks agree with the zod schemas the pages use", () => {
  it.each(replies.map((raw, i) => [`${i} ${JSON.stringify(raw)}`, raw]))('reply %s', (_name, raw) => {
    expect(readReply(raw)).toStrictEqual(zod(ReplySchema, raw));
  });

  it.each(broadcasts.map((raw, i) => [`${i} ${JSON.stringify(raw)}`, raw]))('broadcast %s', (_name, raw) => {
    expect(readBroadcast(raw)).toStrictEqual(zod(BroadcastMessage, raw));
  });

  it('a good reply is kept and a bad one refused, as the table expects', () => {
    expect(readReply({ ok: true, data: 1 })).toEqual({ ok: true, data: 1 });
    expect(readReply({ ok: false, error: { code: 'c' } })).toBeNull();
    expect(readBroadcast({ type: 'panel.toggle' })).toEqual({ type: 'panel.toggle' });
    expect(readBroadcast({ type: 'panel.toggle', extra: 1 })).toBeNull();
  });
});
