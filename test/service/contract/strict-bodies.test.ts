import { describe, expect, it } from 'vitest';
import { useService } from './harness';

const s = useService({ jobMs: 3_000 });

/** A ready analysis of tvaHuman001 on demo-pro, for the ask cases. */
async function readyJob(): Promise<number> {
  const started = await s.post('/api/watch', { id: 'tvaHuman001' });
  s.advance(3_000);
  return (started.body as { jobId: number }).jobId;
}

describe('request bodies are strict: a field the spec does not name is refused, named, and costs nothing', () => {
  it.each([
    ['a misnamed ids on /api/transcripts', '/api/transcripts', { id: ['tvaHuman001'] }, '"id"'],
    ['a misnamed lang on /api/transcripts', '/api/transcripts', { ids: ['tvaHuman001'], language: 'es' }, '"language"'],
    ['an extra field on /api/transcripts', '/api/transcripts', { ids: ['tvaHuman001'], runId: 'r1' }, '"runId"'],
    ['a misnamed ids on /api/channels', '/api/channels', { channels: ['@tvademo'] }, '"channels"'],
    ['a misnamed id on /api/watch', '/api/watch', { videoId: 'tvaHuman001' }, '"videoId"'],
    [
      'a misnamed partial on /api/watch',
      '/api/watch',
      { id: 'tvaLong4h01', partialAnalysis: true },
      '"partialAnalysis"',
    ],
    ['two unknown fields on /api/watch', '/api/watch', { id: 'tvaHuman001', title: 'x', notify: true }, '"notify"'],
  ])('%s', async (_name, path, body, field) => {
    const reply = await s.post(path, body);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: 'bad_request', message: expect.stringContaining(field) });
    expect((reply.body as { message: string }).message).toMatch(/^Invalid request: unknown fields? /);
    expect((await s.ledger()).charges).toEqual([]);
  });

  it('names a misnamed question on ask, and charges nothing for it', async () => {
    const jobId = await readyJob();
    const before = (await s.ledger()).charges.length;
    const reply = await s.post(`/api/watch/${jobId}/ask`, { query: 'what is it about?' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: 'bad_request', message: expect.stringContaining('"query"') });
    expect((await s.ledger()).charges).toHaveLength(before);
    const extra = await s.post(`/api/watch/${jobId}/ask`, { question: 'what is it about?', lang: 'en' });
    expect(extra.status).toBe(400);
    expect((extra.body as { message: string }).message).toContain('"lang"');
  });

  it('accepts exactly the fields the spec names', async () => {
    const transcripts = await s.post('/api/transcripts', { ids: ['tvaHuman001'], lang: 'en' });
    expect(transcripts.status).toBe(200);
    expect((await s.post('/api/channels', { ids: ['@tvademo'] })).status).toBe(200);
    const watch = await s.post('/api/watch', { id: 'tvaLong4h01', mode: 'quick', lang: 'en', partial: true });
    expect(watch.status).toBe(202);
    const jobId = await readyJob();
    expect((await s.post(`/api/watch/${jobId}/ask`, { question: 'what is it about?' })).status).toBe(200);
  });

  it('publishes the strictness in /openapi.json (additionalProperties: false on every request)', async () => {
    const doc = (await s.call('GET', '/openapi.json')).body as {
      components: { schemas: Record<string, { additionalProperties?: boolean }> };
    };
    for (const name of ['TranscriptRequest', 'ChannelRequest', 'WatchRequest', 'AskRequest']) {
      expect(doc.components.schemas[name]?.additionalProperties, name).toBe(false);
    }
  });
});
