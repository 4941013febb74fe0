import { describe, expect, it } from 'vitest';
import { useService } from './harness';

const s = useService();
type Seg = { text: string; start: number; duration: number };
type Entry = Record<string, unknown> & { segments?: Seg[] };
type Body = { results: Entry[]; cloudRequestsRemaining: number; aiUnitsRemaining: number; creditsRemaining: number };

async function transcripts(ids: unknown, token = 'demo-pro', lang?: string) {
  const reply = await s.post('/api/transcripts', lang === undefined ? { ids } : { ids, lang }, token);
  return { status: reply.status, body: reply.body as Body };
}

const failure = (id: string, error: string) => ({ id, error, message: expect.any(String) });

describe('POST /api/transcripts', () => {
  it('delivers a human English transcript with the documented fields', async () => {
    const { status, body } = await transcripts(['tvaHuman001']);
    expect(status).toBe(200);
    const [entry] = body.results;
    expect(Object.keys(entry ?? {}).sort()).toEqual(
      ['author', 'id', 'isGenerated', 'language', 'languageCode', 'segments', 'text', 'title'].sort(),
    );
    expect(entry).toMatchObject({
      id: 'tvaHuman001',
      title: 'Distributed Systems: An Introduction',
      author: 'TVA Demo',
      language: 'English',
      languageCode: 'en',
      isGenerated: false,
    });
    const segments = entry?.segments ?? [];
    expect(segments.length).toBeGreaterThan(100);
    for (const seg of segments) expect(Object.keys(seg).sort()).toEqual(['duration', 'start', 'text']);
    const last = segments.at(-1);
    expect((last?.start ?? 0) + (last?.duration ?? 0)).toBeCloseTo(624, 5);
    expect(entry?.text).toBe(segments.map((x) => x.text).join(' '));
    expect(new Set(segments.map((x) => x.text)).size).toBeGreaterThan(30);
    expect(segments.some((x) => x.text.toLowerCase().includes('introduction'))).toBe(true);
    expect(body).toMatchObject({ cloudRequestsRemaining: 3499, aiUnitsRemaining: 10000, creditsRemaining: 3499 });
  });

  it('keeps the order sent, accepts every URL form, and reports per-video failures inside results', async () => {
    const ids = [
      'https://www.youtube.com/watch?v=tvaAutoGen1&t=30s',
      'not a video',
      'tvaNoCapti1',
      'https://youtu.be/tvaDisable1',
      'https://www.youtube.com/shorts/tvaAgeRest1',
      'https://m.youtube.com/watch?v=tvaPrivate1',
      'https://www.youtube.com/embed/tvaUnplay01',
      'tvaFlaky001',
      'tvaHuman001',
    ];
    const { status, body } = await transcripts(ids, 'demo-free');
    expect(status).toBe(200);
    expect(body.results.map((r) => [r.id, r.error ?? 'ok'])).toEqual([
      ['tvaAutoGen1', 'ok'],
      ['not a video', 'invalid_id'],
      ['tvaNoCapti1', 'no_transcript'],
      ['tvaDisable1', 'transcripts_disabled'],
      ['tvaAgeRest1', 'age_restricted'],
      ['tvaPrivate1', 'video_unavailable'],
      ['tvaUnplay01', 'video_unplayable'],
      ['tvaFlaky001', 'fetch_failed'],
      ['tvaHuman001', 'ok'],
    ]);
    expect(body.results[1]).toEqual(failure('not a video', 'invalid_id'));
    expect(body.results[3]).toEqual(failure('tvaDisable1', 'transcripts_disabled'));
    // Failed lookups are free: only the two delivered transcripts are charged.
    expect(body.cloudRequestsRemaining).toBe(23);
    const { charges } = await s.ledger();
    expect(charges.map((c) => [c.kind, c.amount, c.videoId])).toEqual([
      ['cloud', 1, 'tvaAutoGen1'],
      ['cloud', 1, 'tvaHuman001'],
    ]);
  });

  it('marks automatic captions with isGenerated', async () => {
    const { body } = await transcripts(['tvaAutoGen1']);
    expect(body.results[0]).toMatchObject({ id: 'tvaAutoGen1', isGenerated: true, languageCode: 'en' });
  });

  it('prefers lang, falls back to the video own language', async () => {
    const spanishOnly = await transcripts(['tvaSpanish1'], 'demo-pro', 'en');
    expect(spanishOnly.body.results[0]).toMatchObject({ language: 'Spanish', languageCode: 'es', isGenerated: false });
    const preferred = await transcripts(['tvaHuman001'], 'demo-pro', 'es');
    expect(preferred.body.results[0]).toMatchObject({ languageCode: 'es', isGenerated: true });
    const missing = await transcripts(['tvaHuman001'], 'demo-pro', 'de');
    expect(missing.body.results[0]).toMatchObject({ language: 'English', languageCode: 'en' });
    const byDefault = await transcripts(['tvaHuman001']);
    expect(byDefault.body.results[0]).toMatchObject({ languageCode: 'en' });
  });

  it.each([
    ['empty ids', { ids: [] }],
    ['51 ids', { ids: Array.from({ length: 51 }, () => 'tvaHuman001') }],
    ['no ids', { lang: 'en' }],
    ['ids not an array', { ids: 'tvaHuman001' }],
    ['ids of numbers', { ids: [1, 2] }],
  ])('400 bad_request for %s', async (_, body) => {
    const reply = await s.post('/api/transcripts', body);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: 'bad_request', message: expect.any(String) });
  });

  it('400 bad_request for a malformed body', async () => {
    const reply = await s.call('POST', '/api/transcripts', { token: 'demo-pro', raw: '{"ids": [' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: 'bad_request', message: expect.any(String) });
  });

  it('accepts 50 ids and charges each delivered transcript (no batch discount)', async () => {
    const { status, body } = await transcripts(Array.from({ length: 50 }, () => 'tvaHuman001'));
    expect(status).toBe(200);
    expect(body.results).toHaveLength(50);
    expect(body.cloudRequestsRemaining).toBe(3450);
  });

  it('402 insufficient_cloud_requests when the batch exceeds the balance, consuming nothing', async () => {
    await s.control('/accounts', { token: 'demo-starter', cloudRequests: 2 });
    const { status, body } = await transcripts(['tvaHuman001', 'tvaAutoGen1', 'tvaSpanish1'], 'demo-starter');
    expect(status).toBe(402);
    expect(body).toEqual({ error: 'insufficient_cloud_requests', message: expect.any(String) });
    expect((await s.ledger()).charges).toEqual([]);
    // Failures do not count against the balance: two deliverable plus one failure pass.
    const ok = await transcripts(['tvaHuman001', 'tvaPrivate1', 'tvaAutoGen1'], 'demo-starter');
    expect(ok.status).toBe(200);
    expect(ok.body.cloudRequestsRemaining).toBe(0);
  });

  it('demo-empty gets 402, but a batch of failures only is free and allowed', async () => {
    expect((await transcripts(['tvaHuman001'], 'demo-empty')).status).toBe(402);
    const failed = await transcripts(['tvaPrivate1'], 'demo-empty');
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ cloudRequestsRemaining: 0, aiUnitsRemaining: 0, creditsRemaining: 0 });
  });

  it('transcribes a captionless video from audio on a paid plan: 1 Cloud Request + 3 AI Units per started minute', async () => {
    const first = await transcripts(['tvaNoCapti1'], 'demo-starter');
    expect(first.body.results[0]).toMatchObject({ id: 'tvaNoCapti1', isGenerated: true, languageCode: 'en' });
    // 340 s is 6 started minutes: 18 AI Units.
    expect(first.body).toMatchObject({ cloudRequestsRemaining: 999, aiUnitsRemaining: 2982 });
    const replay = await transcripts(['tvaNoCapti1'], 'demo-starter');
    expect(replay.body).toMatchObject({ cloudRequestsRemaining: 998, aiUnitsRemaining: 2982 });
    const { charges } = await s.ledger();
    expect(charges.map((c) => [c.kind, c.amount, c.reason])).toEqual([
      ['cloud', 1, 'transcript'],
      ['ai', 18, 'audio_transcription'],
      ['cloud', 1, 'transcript'],
    ]);
  });

  it('on Free, transcription is paid from an AI top-up only', async () => {
    await s.control('/accounts', { token: 'demo-free', aiTopUp: 20 });
    const { body } = await transcripts(['tvaNoCapti1'], 'demo-free');
    expect(body.results[0]).toMatchObject({ isGenerated: true });
    expect(body).toMatchObject({ cloudRequestsRemaining: 24, aiUnitsRemaining: 202 });
    // A top-up too small for a fresh transcription: the monthly Free units do not make up the difference.
    await s.control('/accounts', { token: 'demo-team', plan: 'free', aiUnits: 200, aiTopUp: 5 });
    const short = await transcripts(['tvaNoCapti1'], 'demo-team');
    expect(short.status).toBe(402);
    expect(short.body).toEqual({ error: 'insufficient_ai_units', message: expect.any(String) });
  });

  it('402 insufficient_ai_units when a transcription cannot be paid, nothing consumed', async () => {
    await s.control('/accounts', { token: 'demo-starter', aiUnits: 10 });
    const { status, body } = await transcripts(['tvaHuman001', 'tvaNoCapti1'], 'demo-starter');
    expect(status).toBe(402);
    expect(body).toEqual({ error: 'insufficient_ai_units', message: expect.any(String) });
    expect((await s.ledger()).charges).toEqual([]);
  });

  it('tvaFlaky001 fails twice with fetch_failed per account, then succeeds; reset starts over', async () => {
    const errors = [];
    for (let i = 0; i < 3; i++) errors.push((await transcripts(['tvaFlaky001'])).body.results[0]?.error ?? 'ok');
    expect(errors).toEqual(['fetch_failed', 'fetch_failed', 'ok']);
    expect((await transcripts(['tvaFlaky001'], 'demo-team')).body.results[0]?.error).toBe('fetch_failed');
    await s.control('/reset', {});
    await s.control('/limits', { enabled: false });
    expect((await transcripts(['tvaFlaky001'])).body.results[0]?.error).toBe('fetch_failed');
  });

  it('a four-hour video has about 6,000 segments ending at 4:00:00', async () => {
    const { body } = await transcripts(['tvaLong4h01']);
    const segments = body.results[0]?.segments ?? [];
    expect(segments.length).toBeGreaterThan(5500);
    expect(segments.length).toBeLessThan(6500);
    const last = segments.at(-1);
    expect((last?.start ?? 0) + (last?.duration ?? 0)).toBeCloseTo(14400, 5);
  });

  it('any other well-formed id gets a deterministic transcript of 5 to 20 minutes', async () => {
    const a = await transcripts(['dQw4w9WgXcQ', 'aBcDeFgHiJk']);
    const b = await transcripts(['dQw4w9WgXcQ']);
    for (const entry of a.body.results) {
      const last = entry.segments?.at(-1);
      const end = (last?.start ?? 0) + (last?.duration ?? 0);
      expect(end).toBeGreaterThanOrEqual(300);
      expect(end).toBeLessThanOrEqual(1200);
      expect(entry).toMatchObject({ author: 'TVA Demo', isGenerated: false, languageCode: 'en' });
    }
    expect(b.body.results[0]).toEqual(a.body.results[0]);
  });
});
