import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { useService } from './harness';

const s = useService({ jobMs: 6_000 });
type Result = {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
};

/** The SDK's own client; stateless, so each call connects (initialize) afresh. */
async function callTool(name: string, args: Record<string, unknown> = {}, token = 'demo-pro'): Promise<Result> {
  const client = new Client({ name: 'contract-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${s.url}/mcp`), {
    requestInit: { headers: { Authorization: `Basic ${token}` } },
  });
  await client.connect(transport);
  try {
    return (await client.callTool({ name, arguments: args })) as Result;
  } finally {
    await client.close();
  }
}

/** Every result carries the same JSON as text content and as structuredContent. */
function data(result: Result): Record<string, unknown> {
  expect(result.content[0]?.type).toBe('text');
  expect(JSON.parse(result.content[0]?.text ?? 'null')).toEqual(result.structuredContent);
  return result.structuredContent ?? {};
}

describe('MCP at /mcp', () => {
  it('lists the nine tools', async () => {
    const client = new Client({ name: 'contract-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${s.url}/mcp`), {
        requestInit: { headers: { Authorization: 'Basic demo-pro' } },
      }),
    );
    const { tools } = await client.listTools();
    await client.close();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'account',
        'analyze_video',
        'ask_video',
        'get_analysis',
        'get_transcript',
        'list_channel_videos',
        'list_watchlists',
        'search_transcript',
        'watchlist_activity',
      ].sort(),
    );
  });

  it('account: plan and balances, free', async () => {
    const result = await callTool('account', {}, 'demo-starter');
    expect(result.isError).toBeFalsy();
    expect(data(result)).toEqual({
      plan: 'starter',
      cloudRequestsRemaining: 1000,
      aiUnitsRemaining: 3000,
      monthlyCloudRequests: 1000,
      monthlyAiUnits: 3000,
      aiTopUp: 0,
    });
    expect((await s.ledger()).charges).toEqual([]);
  });

  it('search_transcript: timestamps, quoted context and deep links, 1 Cloud Request per video', async () => {
    const result = await callTool('search_transcript', {
      videos: ['tvaHuman001', 'tvaPrivate1'],
      query: 'introduction',
    });
    const body = data(result) as { results: Record<string, unknown>[]; cloudRequestsRemaining: number };
    const [found, failed] = body.results;
    expect(failed).toEqual({ videoId: 'tvaPrivate1', error: 'video_unavailable', message: expect.any(String) });
    const matches = (found?.matches ?? []) as {
      time: number;
      timestamp: string;
      quote: string;
      context: string;
      url: string;
    }[];
    expect(matches.length).toBeGreaterThan(0);
    const first = matches[0];
    expect(first?.quote.toLowerCase()).toContain('introduction');
    expect(first?.context).toContain(first?.quote ?? '');
    expect(first?.url).toBe(`https://www.youtube.com/watch?v=tvaHuman001&t=${Math.floor(first?.time ?? -1)}s`);
    expect(first?.timestamp).toMatch(/^\d+:\d{2}$/);
    expect(body.cloudRequestsRemaining).toBe(3499);
  });

  it('search_transcript honours from and to in seconds, m:ss and h:mm:ss', async () => {
    for (const [from, to] of [
      [60, 180],
      ['1:00', '3:00'],
      ['0:01:00', '0:03:00'],
    ]) {
      const result = await callTool('search_transcript', {
        videos: 'tvaHuman001',
        query: 'consensus replication latency',
        from,
        to,
      });
      const matches = ((data(result).results as Record<string, unknown>[])[0]?.matches ?? []) as { time: number }[];
      expect(matches.length).toBeGreaterThan(0);
      for (const m of matches) {
        expect(m.time).toBeGreaterThanOrEqual(55);
        expect(m.time).toBeLessThanOrEqual(180);
      }
    }
  });

  it('search_transcript on a list: 25 videos with from/to in one call, 1 Cloud Request per delivered video', async () => {
    const videos = [
      'tvaHuman001',
      'tvaPrivate1',
      ...Array.from({ length: 23 }, (_, i) => `srch${String(i).padStart(7, '0')}`),
    ];
    const result = await callTool('search_transcript', { videos, query: 'latency ownership', from: 60, to: '5:00' });
    const body = data(result) as { results: { videoId: string; matches?: { time: number; url: string }[] }[] };
    expect(body.results.map((r) => r.videoId)).toEqual(videos);
    for (const m of body.results.flatMap((r) => r.matches ?? [])) {
      expect(m.time).toBeGreaterThan(55);
      expect(m.time).toBeLessThanOrEqual(300);
      expect(m.url).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}&t=\d+s$/);
    }
    const charges = (await s.ledger()).charges;
    expect(charges.map((c) => c.videoId).sort()).toEqual(videos.filter((v) => v !== 'tvaPrivate1').sort());
    expect(charges.every((c) => c.kind === 'cloud' && c.amount === 1 && c.reason === 'mcp:search_transcript')).toBe(
      true,
    );
  });

  it('search_transcript refuses 26 videos, a bad timecode and to before from as isError results, charging nothing', async () => {
    const tooMany = await callTool('search_transcript', {
      videos: Array.from({ length: 26 }, () => 'tvaHuman001'),
      query: 'latency',
    });
    expect(tooMany).toMatchObject({ isError: true, structuredContent: { error: 'bad_request' } });
    const backwards = await callTool('search_transcript', {
      videos: 'tvaHuman001',
      query: 'latency',
      from: '5:00',
      to: 60,
    });
    expect(backwards).toMatchObject({ isError: true, structuredContent: { error: 'bad_request' } });
    const badTime = await callTool('search_transcript', { videos: 'tvaHuman001', query: 'latency', from: '1:75' });
    expect(badTime.isError).toBe(true);
    const poor = await callTool('search_transcript', { videos: ['tvaHuman001'], query: 'latency' }, 'demo-empty');
    expect(poor).toMatchObject({ isError: true, structuredContent: { error: 'insufficient_cloud_requests' } });
    expect((await s.ledger()).charges).toEqual([]);
  });

  it('get_transcript: full text within the range; more than 25 videos is an isError result', async () => {
    const result = await callTool('get_transcript', { videos: 'https://youtu.be/tvaHuman001', from: '10:00' });
    const [entry] = data(result).results as {
      videoId: string;
      text: string;
      segments: { start: number; duration: number }[];
    }[];
    expect(entry?.videoId).toBe('tvaHuman001');
    expect(entry?.segments.every((x) => x.start + x.duration > 600)).toBe(true);
    expect(entry?.text).toContain('conclusion');
    const tooMany = await callTool('get_transcript', { videos: Array.from({ length: 26 }, () => 'tvaHuman001') });
    expect(tooMany.isError).toBe(true);
    expect(tooMany.content[0]?.text).toMatch(/25/);
  });

  it('list_channel_videos: 1 Cloud Request on Starter; plan too low and bad channel are isError results', async () => {
    const ok = data(await callTool('list_channel_videos', { channel: '@tvademo' }, 'demo-starter'));
    expect(ok).toMatchObject({
      channelId: expect.stringMatching(/^UC/),
      videoCount: 42,
      truncated: false,
      cloudRequestsRemaining: 999,
    });
    const free = await callTool('list_channel_videos', { channel: '@tvademo' }, 'demo-free');
    expect(free.isError).toBe(true);
    expect(free.structuredContent).toMatchObject({ error: 'plan_required' });
    const missing = await callTool('list_channel_videos', { channel: '@nosuchchannel' }, 'demo-starter');
    expect(missing).toMatchObject({ isError: true, structuredContent: { error: 'channel_not_found' } });
  });

  it('list_watchlists and watchlist_activity: two seeded watchlists with recorded uploads, free', async () => {
    const lists = data(await callTool('list_watchlists')).watchlists as {
      watchlistId: string;
      recordedUploads: number;
    }[];
    expect(lists).toHaveLength(2);
    expect(lists.map((l) => l.recordedUploads)).toEqual([42, 750]);
    const activity = data(await callTool('watchlist_activity', { watchlistId: lists[0]?.watchlistId, limit: 3 }));
    const uploads = activity.uploads as { videoId: string; publishedAt: string }[];
    expect(uploads.map((u) => u.videoId)).toEqual(['tvaHuman001', 'tvaAutoGen1', 'tvaSpanish1']);
    const unknown = await callTool('watchlist_activity', { watchlistId: 'nope' });
    expect(unknown.isError).toBe(true);
    expect(data(await callTool('list_watchlists', {}, 'demo-free')).watchlists).toEqual([]);
    expect((await s.ledger()).charges).toEqual([]);
  });

  it('analyze_video, get_analysis and ask_video: the analysis flow with analysisId', async () => {
    const started = data(await callTool('analyze_video', { video: 'tvaHuman001', mode: 'quick' }));
    expect(started).toMatchObject({
      analysisId: expect.any(Number),
      status: 'queued',
      mode: 'quick',
      aiUnitsRemaining: 10000 - 33,
    });
    expect(started).not.toHaveProperty('jobId');
    const analysisId = started.analysisId;
    const early = await callTool('ask_video', { analysisId, question: 'introduction?' });
    expect(early).toMatchObject({ isError: true, structuredContent: { error: 'job_not_ready' } });
    s.advance(6_000);
    const ready = data(await callTool('get_analysis', { analysisId }));
    expect(ready).toMatchObject({ analysisId, status: 'ready', artifact: { summary: expect.any(String) } });
    const answer = data(await callTool('ask_video', { analysisId, question: 'What is said about the introduction?' }));
    expect(answer).toMatchObject({ analysisId, insufficientEvidence: false, aiUnitsRemaining: 10000 - 33 - 1 });
    expect((answer.citations as unknown[]).length).toBeGreaterThan(0);
    // REST sees the same job.
    expect((await s.get(`/api/watch/${String(analysisId)}`)).status).toBe(200);
  });

  it('actionable problems are isError tool results, not transport errors', async () => {
    const deep = await callTool('analyze_video', { video: 'tvaHuman001', mode: 'deep' }, 'demo-starter');
    expect(deep).toMatchObject({ isError: true, structuredContent: { error: 'plan_required' } });
    const broke = await callTool('analyze_video', { video: 'tvaHuman001' }, 'demo-empty');
    expect(broke).toMatchObject({ isError: true, structuredContent: { error: 'insufficient_ai_units' } });
    const noCloud = await callTool('get_transcript', { videos: 'tvaHuman001' }, 'demo-empty');
    expect(noCloud).toMatchObject({ isError: true, structuredContent: { error: 'insufficient_cloud_requests' } });
    const badId = await callTool('analyze_video', { video: 'not a video' });
    expect(badId).toMatchObject({ isError: true, structuredContent: { error: 'bad_request' } });
    expect(badId.content[0]?.text).toMatch(/video/);
    const unknown = await callTool('get_analysis', { analysisId: 31337 });
    expect(unknown).toMatchObject({ isError: true, structuredContent: { error: 'not_found' } });
    const long = await callTool('analyze_video', { video: 'tvaMarathn1' }, 'demo-team');
    expect(long).toMatchObject({ isError: true, structuredContent: { error: 'video_too_long', maxMinutes: 480 } });
  });

  it('GET and DELETE on /mcp are 405 with a JSON-RPC error body', async () => {
    for (const method of ['GET', 'DELETE']) {
      const reply = await s.call(method, '/mcp', { token: 'demo-pro' });
      expect(reply.status).toBe(405);
      expect(reply.headers.get('content-type')).toContain('application/json');
      expect(reply.body).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: expect.any(String) }, id: null });
    }
  });

  it('a body that is not JSON is a JSON-RPC parse error', async () => {
    const reply = await s.call('POST', '/mcp', {
      token: 'demo-pro',
      raw: '{oops',
      headers: { Accept: 'application/json, text/event-stream' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
  });
});
