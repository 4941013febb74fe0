import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Reply } from '../../../utils/protocol/envelope';
import type { SearchQuote, ServiceSearch } from '../../../utils/video-search/replies';
import type { TimeRange } from '../../../utils/video-search/time-range';
import { type RunningService, startService } from '../../service/index';
import { resetState, type ToolShape } from '../../service/state';
import { foundOf, spendInWindow, startBackground } from './harness';

/** The MCP tools called by the schema the server publishes in tools/list, against the local service's switches. */
let service: RunningService;
const tab = { id: 'ext', tab: { id: 4, active: true, url: 'https://www.youtube.com/@tvademo' } };
const popup = { id: 'ext', url: 'chrome-extension://ext/popup.html' };
const CHANNEL = '@tvademo';
/** Two videos of the deterministic catalogue, new to each test (findings bought earlier are held in the cache). */
let IDS: string[] = [];
let run = 0;
const open: TimeRange = { from: null, to: null };
const NOTHING = 'Nothing was sent and nothing was charged.';

beforeAll(async () => {
  service = await startService({ port: 0, control: true, jobMs: 60_000 });
});
afterAll(() => service.close());
beforeEach(() => {
  resetState(service.state);
  run += 1;
  IDS = [`schm${run}a`.padEnd(11, '0'), `schm${run}b`.padEnd(11, '0')];
});

const shape = (tool: string, s: ToolShape) => service.state.toolShapes.set(tool, s);
const searchCharges = () => service.state.charges.filter((c) => c.reason === 'mcp:search_transcript');

async function background() {
  const started = await startBackground({ serviceUrl: service.url, token: 'demo-starter', sender: tab });
  const quote = async (query: string, range = open) => {
    const reply = await started.content<SearchQuote>({
      type: 'search.quote',
      channel: CHANNEL,
      ids: IDS,
      query,
      ...range,
    });
    if (!reply.ok) throw new Error(reply.error.message);
    return reply.data;
  };
  const search = async (q: SearchQuote, query: string, range = open): Promise<Reply<ServiceSearch>> => {
    const purchase = {
      kind: 'search' as const,
      channel: CHANNEL,
      ids: q.ids,
      quoteId: q.quoteId ?? '',
      query,
      ...range,
    };
    const reply = await spendInWindow(started.handlers, purchase, tab);
    return reply.ok ? { ok: true, data: foundOf(reply.data) } : reply;
  };
  return { ...started, quote, search };
}

describe('background: MCP arguments by the server’s schema', () => {
  it('other names (video_ids, q, start, end): the search is sent by them, 1 Cloud Request per video, in range', async () => {
    shape('search_transcript', { rename: { videos: 'video_ids', query: 'q', from: 'start', to: 'end' } });
    const bg = await background();
    const range = { from: 60, to: 300 };
    const priced = await bg.quote('latency', range);
    expect(priced).toMatchObject({ cloudRequests: 2, perCall: 25, refusal: null });
    expect(priced.quoteId).not.toBeNull();
    const reply = await bg.search(priced, 'latency', range);
    expect(reply.ok && reply.data.notSearched).toBe(null);
    const moments = reply.ok ? reply.data.videos.flatMap((v) => v.moments) : [];
    expect(moments.length).toBeGreaterThan(0);
    for (const m of moments) expect(m.at !== null && m.at >= 55 && m.at <= 300).toBe(true);
    expect(searchCharges().map((c) => c.videoId)).toEqual(IDS);
  });

  it('a schema without the words: the price is a sentence and no quote; nothing is sent or journalled', async () => {
    shape('search_transcript', { drop: ['query'] });
    const bg = await background();
    const priced = await bg.quote('latency');
    expect(priced.quoteId).toBeNull();
    expect(priced.refusal).toBe(
      `The service’s search_transcript tool has no way to say the words to search for, so Transcript Lens cannot search these videos on the service. ${NOTHING}`,
    );
    expect(service.state.charges).toEqual([]);
    expect(await bg.core.till.history()).toEqual([]);
  });

  it('a schema without From: a range is refused with what to do; whole videos are still offered', async () => {
    shape('search_transcript', { drop: ['from'] });
    const bg = await background();
    expect((await bg.quote('latency', { from: 60, to: null })).refusal).toBe(
      `The service’s search_transcript tool has no way to say where the range starts (From), so Transcript Lens cannot search these videos on the service. Clear From and To to search whole videos. ${NOTHING}`,
    );
    expect((await bg.quote('latency', { from: null, to: 300 })).refusal).toBeNull();
    expect((await bg.quote('latency')).refusal).toBeNull();
  });

  it('the schema changed after it was read: the server refuses for free, and the next price reads the new one', async () => {
    const bg = await background();
    const priced = await bg.quote('latency');
    shape('search_transcript', { rename: { videos: 'video_ids' } });
    const reply = await bg.search(priced, 'latency');
    expect(reply.ok && reply.data.notSearched?.ids).toEqual(IDS);
    expect(reply.ok && reply.data.notSearched?.message).toMatch(
      /\(JSON-RPC -32602: Invalid params: unknown argument "videos" [\s\S]*2 videos were not searched\.$/,
    );
    expect(service.state.charges).toEqual([]);
    expect((await bg.core.till.history()).map((e) => e.outcome?.state)).toEqual(['refused']);
    // Read again: the new names are used and the search is bought.
    const again = await bg.quote('latency');
    expect(again.refusal).toBeNull();
    const bought = await bg.search(again, 'latency');
    expect(bought.ok && bought.data.searched).toBe(2);
    expect(searchCharges()).toHaveLength(2);
  });

  it('a JSON-RPC -32602: a sentence by meaning, nothing charged, journalled as refused', async () => {
    shape('search_transcript', { rpcError: { code: -32602, message: 'Invalid params: unknown argument' } });
    const bg = await background();
    const reply = await bg.search(await bg.quote('latency'), 'latency');
    expect(reply.ok && reply.data.notSearched?.message).toBe(
      'The service’s MCP server refused to run search_transcript: it did not accept the arguments (JSON-RPC -32602: Invalid params: unknown argument). It ran nothing, so nothing was charged. Transcript Lens reads the tool’s arguments again before the next try; if this keeps happening, the service expects arguments Transcript Lens cannot give yet. 2 videos were not searched.',
    );
    expect(service.state.charges).toEqual([]);
    expect((await bg.core.till.history()).map((e) => e.outcome?.state)).toEqual(['refused']);
  });

  it('a JSON-RPC -32603: it may have run and been charged, said with the price of trying again', async () => {
    shape('search_transcript', { rpcError: { code: -32603, message: 'Internal error' } });
    const bg = await background();
    const reply = await bg.search(await bg.quote('latency'), 'latency');
    expect(reply.ok && reply.data.notSearched?.message).toBe(
      'The service’s MCP server reported an error while running it (JSON-RPC -32603: Internal error). It may have searched the videos and charged them; Transcript Lens sends nothing again by itself. Trying again costs 2 Cloud Requests.',
    );
    expect((await bg.core.till.history()).map((e) => e.outcome?.state)).toEqual(['unknown']);
    expect((await bg.quote('latency')).mayHaveBeenCharged).toBe(2);
  });

  it('watchlist_activity (free) by its published names', async () => {
    shape('watchlist_activity', { rename: { watchlistId: 'list_id', limit: 'max' } });
    const bg = await background();
    const reply = await bg.handlers.page({ type: 'watchlists.activity', watchlistId: 'wl-demo' }, popup);
    expect(reply).toMatchObject({ ok: true, data: { watchlistId: 'wl-demo' } });
    // The limit was said under its published name: 10 uploads, not the tool's default of 20.
    expect(reply.ok && (reply.data as { uploads: unknown[] }).uploads).toHaveLength(10);
  });
});
