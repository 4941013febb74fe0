import { describe, expect, it } from 'vitest';
import { useService } from './harness';

const s = useService();
type Video = { id: string; title: string; author: string; publishedAt: string };
type Entry = Record<string, unknown> & { videos?: Video[] };
type Body = { results: Entry[]; cloudRequestsRemaining: number };

async function channels(ids: unknown, token = 'demo-starter') {
  const reply = await s.post('/api/channels', { ids }, token);
  return { status: reply.status, body: reply.body as Body };
}

describe('POST /api/channels', () => {
  it('403 plan_required on Free, whatever the body', async () => {
    for (const ids of [['@tvademo'], []]) {
      const { status, body } = await channels(ids, 'demo-free');
      expect(status).toBe(403);
      expect(body).toEqual({ error: 'plan_required', message: expect.any(String) });
    }
  });

  it('lists @tvademo: 42 uploads newest first, each with id, title, author', async () => {
    const { status, body } = await channels(['@tvademo']);
    expect(status).toBe(200);
    const [entry] = body.results;
    expect(entry).toMatchObject({
      id: '@tvademo',
      channelId: expect.stringMatching(/^UC[A-Za-z0-9_-]{22}$/),
      title: 'TVA Demo',
      videoCount: 42,
      truncated: false,
    });
    const videos = entry?.videos ?? [];
    expect(videos).toHaveLength(42);
    expect(videos[0]).toMatchObject({
      id: 'tvaHuman001',
      title: 'Distributed Systems: An Introduction',
      author: 'TVA Demo',
    });
    for (const v of videos) expect(v.id).toMatch(/^[A-Za-z0-9_-]{11}$/);
    const dates = videos.map((v) => v.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.cloudRequestsRemaining).toBe(999);
  });

  it('@tvabig returns at most 500 uploads and truncated', async () => {
    const { body } = await channels(['@tvabig']);
    expect(body.results[0]).toMatchObject({ videoCount: 500, truncated: true });
    expect(body.results[0]?.videos).toHaveLength(500);
  });

  it('resolves handles, channel URLs and UC ids; per-channel errors inside results, in order, free', async () => {
    const demo = (await channels(['@tvademo'])).body.results[0];
    const channelId = String(demo?.channelId);
    const ids = [
      'https://www.youtube.com/@tvademo',
      `https://www.youtube.com/channel/${channelId}`,
      channelId,
      '@nosuchchannel',
      'hello world',
      '@tvabroken',
    ];
    const { status, body } = await channels(ids, 'demo-pro');
    expect(status).toBe(200);
    expect(body.results.map((r) => [r.id, r.error ?? r.channelId])).toEqual([
      [ids[0], channelId],
      [ids[1], channelId],
      [channelId, channelId],
      ['@nosuchchannel', 'channel_not_found'],
      ['hello world', 'invalid_id'],
      ['@tvabroken', 'internal'],
    ]);
    expect(body.results[3]).toEqual({ id: '@nosuchchannel', error: 'channel_not_found', message: expect.any(String) });
    // One Cloud Request per successful listing only.
    expect(body.cloudRequestsRemaining).toBe(3497);
  });

  it.each([
    ['starter', 10],
    ['pro', 100],
    ['team', 500],
  ])('%s may send %i channels, one more is 400', async (plan, max) => {
    const token = `demo-${plan}`;
    const over = await channels(
      Array.from({ length: max + 1 }, () => '@nosuchchannel'),
      token,
    );
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ error: 'bad_request', message: expect.any(String) });
    const at = await channels(
      Array.from({ length: max }, () => '@nosuchchannel'),
      token,
    );
    expect(at.status).toBe(200);
    expect(at.body.results).toHaveLength(max);
  });

  it('400 for empty or malformed ids', async () => {
    expect((await channels([])).status).toBe(400);
    expect((await channels('@tvademo')).status).toBe(400);
    const raw = await s.call('POST', '/api/channels', { token: 'demo-starter', raw: 'nope' });
    expect(raw.status).toBe(400);
  });

  it('names the handle whatever form was asked; /c/ and /user/ names are the handle', async () => {
    const { body } = await channels(['https://www.youtube.com/c/tvademo', 'https://www.youtube.com/user/TVABig']);
    expect(body.results.map((r) => [r.handle, r.title])).toEqual([
      ['@tvademo', 'TVA Demo'],
      ['@tvabig', 'TVA Big Archive'],
    ]);
  });

  it('@tvamixed: 120 uploads; a batch of them fails as big batches do, and failures are free', async () => {
    const listed = (await channels(['@tvamixed'])).body.results[0]?.videos ?? [];
    expect(listed).toHaveLength(120);
    const ids = listed.map((v) => v.id);
    const reply = await s.post('/api/transcripts', { ids: ids.slice(0, 50) }, 'demo-starter');
    const results = (reply.body as { results: { id: string; error?: string }[] }).results;
    const byCode = new Map<string, string[]>();
    for (const r of results) byCode.set(r.error ?? 'ok', [...(byCode.get(r.error ?? 'ok') ?? []), r.id]);
    // The newest 50 are tvaMix00120 … tvaMix00071.
    expect(byCode.get('internal')).toEqual(['tvaMix00120', 'tvaMix00080']);
    expect([...byCode.keys()].filter((k) => k !== 'ok' && k !== 'internal').sort()).toEqual([
      'age_restricted',
      'fetch_failed',
      'ip_blocked',
      'request_blocked',
      'service_paused',
      'transcripts_disabled',
      'video_unavailable',
      'video_unplayable',
    ]);
    const delivered = byCode.get('ok')?.length ?? 0;
    expect(delivered).toBe(50 - 5 - 5 - 2);
    const cloud = (await s.ledger()).charges.filter((c) => c.videoId !== undefined);
    expect(cloud).toHaveLength(delivered);
    // Healing ones deliver on a later try; `internal` ones never.
    const again = await s.post(
      '/api/transcripts',
      { ids: ['tvaMix00117', 'tvaMix00107', 'tvaMix00120'] },
      'demo-starter',
    );
    const second = (again.body as { results: { id: string; error?: string }[] }).results;
    expect(second.map((r) => r.error ?? 'ok')).toEqual(['ok', 'request_blocked', 'internal']);
  });

  it('402 when the listings exceed the balance, nothing consumed', async () => {
    const { status, body } = await channels(['@tvademo'], 'demo-empty');
    expect(status).toBe(402);
    expect(body).toEqual({ error: 'insufficient_cloud_requests', message: expect.any(String) });
    expect((await s.ledger()).charges).toEqual([]);
  });
});
