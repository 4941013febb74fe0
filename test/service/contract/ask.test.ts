import { describe, expect, it } from 'vitest';
import { useService } from './harness';

const s = useService({ jobMs: 9_000 });
type Citation = { kind: 'speech' | 'visual'; time: number; quote: string };
type Answer = {
  jobId: number;
  question: string;
  answer: string;
  citations: Citation[];
  insufficientEvidence: boolean;
  aiUnitsRemaining: number;
};
type Seg = { text: string; start: number; duration: number };

async function readyJob(id = 'tvaHuman001', token = 'demo-pro', extra: Record<string, unknown> = {}): Promise<number> {
  const reply = await s.post('/api/watch', { id, ...extra }, token);
  s.advance(9_000);
  return (reply.body as { jobId: number }).jobId;
}
const ask = async (jobId: number | string, question: unknown, token = 'demo-pro') => {
  const reply = await s.post(`/api/watch/${jobId}/ask`, { question }, token);
  return { status: reply.status, body: reply.body as Answer };
};

describe('POST /api/watch/{jobId}/ask', () => {
  it('answers with citations that land on real transcript segments, for 1 AI Unit', async () => {
    const jobId = await readyJob();
    const before = (await s.ledger()).charges.length;
    const { status, body } = await ask(jobId, 'What is said about the introduction?');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      jobId,
      question: 'What is said about the introduction?',
      insufficientEvidence: false,
    });
    expect(body.answer.length).toBeGreaterThan(20);
    expect(body.citations.length).toBeGreaterThan(0);
    expect(body.aiUnitsRemaining).toBe(10000 - 33 - 1);
    const transcript = await s.post('/api/transcripts', { ids: ['tvaHuman001'] });
    const segments = (transcript.body as { results: { segments: Seg[] }[] }).results[0]?.segments ?? [];
    for (const c of body.citations.filter((x) => x.kind === 'speech')) {
      const seg = segments.find((x) => c.time >= x.start && c.time < x.start + x.duration);
      expect(seg?.text).toContain(c.quote);
      expect(c.quote.toLowerCase()).toContain('introduction');
    }
    const charges = (await s.ledger()).charges.slice(before);
    expect(charges[0]).toMatchObject({ kind: 'ai', amount: 1, reason: 'question', videoId: 'tvaHuman001' });
  });

  it('visual citations sit within 8 s of a frame the artifact shows', async () => {
    const jobId = await readyJob();
    const { body } = await ask(jobId, 'What does the title card show?');
    const visual = body.citations.filter((c) => c.kind === 'visual');
    expect(visual.length).toBeGreaterThan(0);
    expect(visual[0]).toEqual({
      kind: 'visual',
      time: 0,
      quote: 'Title card reading "Distributed Systems: An Introduction"',
    });
  });

  it('says the evidence is insufficient when nothing supports an answer (still 1 AI Unit)', async () => {
    const jobId = await readyJob();
    const { status, body } = await ask(jobId, 'Bananas?');
    expect(status).toBe(200);
    expect(body).toMatchObject({ citations: [], insufficientEvidence: true, aiUnitsRemaining: 10000 - 33 - 1 });
    expect(body.answer.toLowerCase()).toContain('insufficient');
  });

  it('keeps a claim about the screen at a mentioned time only when that frame was analysed', async () => {
    const question = 'What is on the slide at 3:30:00?';
    const full = await ask(await readyJob('tvaLong4h01', 'demo-pro'), question);
    expect(full.body.citations).toContainEqual(expect.objectContaining({ kind: 'visual', time: 12600 }));
    const partialJob = await readyJob('tvaLong4h01', 'demo-starter', { partial: true });
    const partial = await ask(partialJob, question, 'demo-starter');
    expect(partial.body.citations.every((c) => c.time < 7200)).toBe(true);
  });

  it('409 job_not_ready while queued or processing, not charged', async () => {
    const reply = await s.post('/api/watch', { id: 'tvaHuman001' });
    const { jobId } = reply.body as { jobId: number };
    const before = (await s.ledger()).charges.length;
    const queued = await ask(jobId, 'What is said about the introduction?');
    expect(queued.status).toBe(409);
    expect(queued.body).toMatchObject({ error: 'job_not_ready', message: expect.any(String) });
    s.advance(4_000);
    expect((await ask(jobId, 'introduction?')).status).toBe(409);
    expect((await s.ledger()).charges.length).toBe(before);
  });

  it('409 on a failed job', async () => {
    await s.control('/jobs', { failNext: { errorCode: 'fetch_failed', retryable: true } });
    const jobId = await readyJob();
    expect((await ask(jobId, 'introduction?')).status).toBe(409);
  });

  it('404 for an unknown job or another account job', async () => {
    expect((await ask(424242, 'anything')).status).toBe(404);
    const jobId = await readyJob();
    const other = await ask(jobId, 'anything', 'demo-team');
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ error: 'not_found', message: expect.any(String) });
  });

  it('400 for a missing or empty question', async () => {
    const jobId = await readyJob();
    expect((await ask(jobId, '')).status).toBe(400);
    expect((await s.post(`/api/watch/${jobId}/ask`, {})).status).toBe(400);
  });

  it('402 insufficient_ai_units with no AI Units left', async () => {
    const jobId = await readyJob();
    await s.control('/accounts', { token: 'demo-pro', aiUnits: 0, aiTopUp: 0 });
    const { status, body } = await ask(jobId, 'introduction?');
    expect(status).toBe(402);
    expect(body).toEqual({ error: 'insufficient_ai_units', message: expect.any(String) });
  });

  it('AI top-up is consumed after the monthly allowance', async () => {
    const jobId = await readyJob();
    await s.control('/accounts', { token: 'demo-pro', aiUnits: 1, aiTopUp: 5 });
    expect((await ask(jobId, 'introduction?')).body.aiUnitsRemaining).toBe(5);
    expect((await ask(jobId, 'introduction?')).body.aiUnitsRemaining).toBe(4);
    const account = await s.control('/accounts', { token: 'demo-pro' });
    expect(account.body).toMatchObject({ aiUnits: 0, aiTopUp: 4 });
  });

  it('serves an overridden answer body as is', async () => {
    await s.control('/override', { videoId: 'tvaHuman001', answer: { text: 'odd shape', refs: [{ t: '1:05' }] } });
    const jobId = await readyJob();
    expect((await ask(jobId, 'anything')).body).toEqual({ text: 'odd shape', refs: [{ t: '1:05' }] });
  });
});
