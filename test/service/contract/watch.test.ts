import { describe, expect, it } from 'vitest';
import { useService } from './harness';

const s = useService({ jobMs: 30_000 });
type Job = Record<string, unknown> & { jobId: number; status: string };

const start = async (body: unknown, token = 'demo-pro') => {
  const reply = await s.post('/api/watch', body, token);
  return { status: reply.status, body: reply.body as Job };
};
const poll = async (jobId: unknown, token = 'demo-pro') => {
  const reply = await s.get(`/api/watch/${jobId}`, token);
  return { status: reply.status, body: reply.body as Job };
};
const aiCharges = async () => (await s.ledger()).charges.filter((c) => c.kind === 'ai');

describe('POST /api/watch and GET /api/watch/{jobId}: states and transitions', () => {
  it('a new video: 202 queued with a jobId, charged 3 AI Units per started minute at start', async () => {
    const { status, body } = await start({ id: 'https://www.youtube.com/watch?v=tvaHuman001' });
    expect(status).toBe(202);
    expect(body).toEqual({
      jobId: expect.any(Number),
      status: 'queued',
      videoId: 'tvaHuman001',
      mode: 'smart',
      durationSeconds: 624,
      analyzedSeconds: 624,
      partial: false,
      createdAt: '2025-01-15T12:00:00.000Z',
      aiUnitsRemaining: 10000 - 33,
      cloudRequestsRemaining: 3500,
    });
    expect(await aiCharges()).toMatchObject([
      { token: 'demo-pro', amount: 33, reason: 'analysis', videoId: 'tvaHuman001' },
    ]);
  });

  it('queued → processing → ready over the job duration; no artifact before ready; polling is free', async () => {
    const { body } = await start({ id: 'tvaHuman001' });
    const queued = await poll(body.jobId);
    expect(queued.status).toBe(200);
    expect(queued.body.status).toBe('queued');
    expect(queued.body).not.toHaveProperty('artifact');
    s.advance(10_000);
    const processing = await poll(body.jobId);
    expect(processing.body.status).toBe('processing');
    expect(processing.body).not.toHaveProperty('artifact');
    s.advance(20_000);
    const ready = await poll(body.jobId);
    expect(ready.body.status).toBe('ready');
    const artifact = ready.body.artifact as Record<string, unknown[]> & { summary: string };
    expect(Object.keys(artifact).sort()).toEqual(['chapters', 'evidence', 'keyPoints', 'summary']);
    expect(artifact.summary.split('\n\n').length).toBeGreaterThanOrEqual(2);
    expect(artifact.chapters?.[0]).toEqual({ title: 'Introduction', start: 0, end: expect.any(Number) });
    expect(artifact.chapters?.at(-1)).toMatchObject({ end: 624 });
    expect(artifact.keyPoints?.[0]).toEqual({ text: expect.any(String), time: expect.any(Number) });
    const kinds = new Set(artifact.evidence?.map((e) => (e as { kind: string }).kind));
    expect(kinds).toEqual(new Set(['speech', 'visual']));
    expect(artifact.evidence?.[0]).toEqual({
      kind: expect.any(String),
      time: expect.any(Number),
      text: expect.any(String),
    });
    expect(await aiCharges()).toHaveLength(1);
  });

  it('the same video again returns the same job without charging: 202 while running, 200 when ready', async () => {
    const first = await start({ id: 'tvaHuman001' });
    const again = await start({ id: 'https://youtu.be/tvaHuman001', mode: 'quick' });
    expect(again.status).toBe(202);
    expect(again.body.jobId).toBe(first.body.jobId);
    s.advance(30_000);
    const ready = await start({ id: 'tvaHuman001' });
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ jobId: first.body.jobId, status: 'ready', artifact: expect.any(Object) });
    expect(await aiCharges()).toHaveLength(1);
    // Another account starting the same video gets its own job.
    const other = await start({ id: 'tvaHuman001' }, 'demo-team');
    expect(other.status).toBe(202);
    expect(other.body.jobId).not.toBe(first.body.jobId);
  });

  it('a failed job reports errorCode and retryable; a new POST is a new, charged job', async () => {
    await s.control('/jobs', { failNext: { errorCode: 'internal', retryable: true } });
    const first = await start({ id: 'tvaHuman001' });
    s.advance(30_000);
    const failed = await poll(first.body.jobId);
    expect(failed.body).toMatchObject({
      status: 'failed',
      error: expect.any(String),
      errorCode: 'internal',
      retryable: true,
    });
    expect(failed.body).not.toHaveProperty('artifact');
    const restart = await start({ id: 'tvaHuman001' });
    expect(restart.status).toBe(202);
    expect(restart.body.jobId).not.toBe(first.body.jobId);
    expect((await aiCharges()).map((c) => c.amount)).toEqual([33, 33]);
  });

  it('job duration is set through the control API', async () => {
    await s.control('/jobs', { durationMs: 3_000 });
    const { body } = await start({ id: 'tvaAutoGen1' });
    s.advance(3_000);
    expect((await poll(body.jobId)).body.status).toBe('ready');
  });

  it('deep needs Pro or Team: 403 plan_required on Starter; 30 AI Units per minute on Pro', async () => {
    const refused = await start({ id: 'tvaHuman001', mode: 'deep' }, 'demo-starter');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'plan_required', message: expect.any(String) });
    const deep = await start({ id: 'tvaHuman001', mode: 'deep' });
    expect(deep.status).toBe(202);
    expect(deep.body).toMatchObject({ mode: 'deep', aiUnitsRemaining: 10000 - 330 });
  });

  it('auto picks quick for long or slow videos and smart otherwise, at the standard price', async () => {
    expect((await start({ id: 'tvaHuman001', mode: 'auto' })).body.mode).toBe('smart');
    expect((await start({ id: 'tvaLong4h01', mode: 'auto' })).body).toMatchObject({
      mode: 'quick',
      aiUnitsRemaining: 10000 - 33 - 720,
    });
  });

  it('too long: 422 video_too_long with maxMinutes, nothing charged; partial analyses and charges only the allowed minutes', async () => {
    const refused = await start({ id: 'tvaLong4h01' }, 'demo-starter');
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ error: 'video_too_long', message: expect.any(String), maxMinutes: 120 });
    expect(await aiCharges()).toEqual([]);
    const partial = await start({ id: 'tvaLong4h01', partial: true }, 'demo-starter');
    expect(partial.status).toBe(202);
    expect(partial.body).toMatchObject({
      durationSeconds: 14400,
      analyzedSeconds: 7200,
      partial: true,
      aiUnitsRemaining: 3000 - 360,
    });
    const pro = await start({ id: 'tvaLong4h01' }, 'demo-pro');
    expect(pro.status).toBe(202);
  });

  it.each([
    ['free', 30],
    ['starter', 120],
    ['pro', 240],
    ['team', 480],
  ])('the 9-hour video is too long on %s (max %i minutes)', async (plan, maxMinutes) => {
    const reply = await start({ id: 'tvaMarathn1' }, `demo-${plan}`);
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({ error: 'video_too_long', maxMinutes });
  });

  it('402 insufficient_ai_units before start, no job, nothing consumed', async () => {
    const reply = await start({ id: 'tvaHuman001' }, 'demo-empty');
    expect(reply.status).toBe(402);
    expect(reply.body).toMatchObject({ error: 'insufficient_ai_units', message: expect.any(String) });
    expect(reply.body).not.toHaveProperty('jobId');
    expect((await s.ledger()).charges).toEqual([]);
  });

  it('503 when the analysis service is unavailable, no job', async () => {
    await s.control('/unavailable', { on: true });
    const reply = await start({ id: 'tvaHuman001' });
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({ error: 'service_unavailable', message: expect.any(String) });
    await s.control('/unavailable', { on: false });
    expect((await start({ id: 'tvaHuman001' })).status).toBe(202);
  });

  it.each([
    ['tvaPrivate1', 'video_unavailable'],
    ['tvaAgeRest1', 'age_restricted'],
    ['tvaUnplay01', 'video_unplayable'],
  ])('%s is refused before start with 422 %s, free', async (id, error) => {
    const reply = await start({ id });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ error, message: expect.any(String) });
    expect((await s.ledger()).charges).toEqual([]);
  });

  it('400 for a bad id, an unknown mode or a malformed body', async () => {
    for (const body of [
      { id: 'nope' },
      {},
      { id: 'tvaHuman001', mode: 'turbo' },
      { id: 'tvaHuman001', partial: 'yes' },
    ]) {
      const reply = await start(body);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ error: 'bad_request', message: expect.any(String) });
    }
  });

  it('captionless and transcript-disabled videos can still be analysed (speech from audio)', async () => {
    expect((await start({ id: 'tvaNoCapti1' })).status).toBe(202);
    expect((await start({ id: 'tvaDisable1' })).status).toBe(202);
  });

  it('404 for an unknown job id and for another account job', async () => {
    expect((await poll(999999)).status).toBe(404);
    expect((await poll('abc')).status).toBe(404);
    const { body } = await start({ id: 'tvaHuman001' });
    const other = await poll(body.jobId, 'demo-team');
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ error: 'not_found', message: expect.any(String) });
  });

  it('serves an overridden artifact body as is', async () => {
    await s.control('/override', { videoId: 'tvaAutoGen1', artifact: ['just', 'strings'] });
    const { body } = await start({ id: 'tvaAutoGen1' });
    s.advance(30_000);
    expect((await poll(body.jobId)).body.artifact).toEqual(['just', 'strings']);
  });
});
