import 'fake-indexeddb/auto';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCoreAndTill, createServices } from '../../../entrypoints/background';
import { tokenItem } from '../../../utils/account/secrets';
import { type BulkStore, bulkStore } from '../../../utils/bulk/store';
import type { BulkArchive, BulkQuote, BulkStatus, ChannelLookup } from '../../../utils/channel/replies';
import type { Reply } from '../../../utils/protocol/envelope';
import type { ContentMessage } from '../../../utils/protocol/requests';
import { DEFAULT_SETTINGS, settingsItem } from '../../../utils/settings';
import { type RunningService, startService } from '../../service/index';
import { runOf, spendInWindow } from './harness';

/**
 * The persisted bulk run across a "restart": one background (a worker) stops dead mid-run, a second one,
 * sharing only what the browser keeps (storage.local, IndexedDB), carries it on. The local service's ledger
 * says what was bought.
 */
let service: RunningService;
const sender = { id: 'ext', tab: { id: 4, active: true, url: 'https://www.youtube.com/@tvamixed' } };

beforeAll(async () => {
  service = await startService({ port: 0, control: true, jobMs: 60_000 });
});
afterAll(() => service.close());
beforeEach(async () => {
  await fetch(`${service.url}/__control/reset`, { method: 'POST', body: '{}' });
  // Only the client's windows are under test here; the service's would make a restarted worker wait.
  await fetch(`${service.url}/__control/limits`, { method: 'POST', body: JSON.stringify({ enabled: false }) });
  fakeBrowser.reset();
  fakeBrowser.permissions.contains = async () => true;
  await settingsItem.setValue({ ...DEFAULT_SETTINGS, serviceUrl: service.url });
  await tokenItem.setValue('demo-starter');
});

/** A store that stops answering from its n-th update on: the worker holding it is dead from then. */
function dyingAfter(updates: number): BulkStore {
  let count = 0;
  const never = new Promise<never>(() => undefined);
  return {
    ...bulkStore,
    update: (account, runId, step) => (++count >= updates ? never : bulkStore.update(account, runId, step)),
    get: (account, runId) => (count >= updates ? never : bulkStore.get(account, runId)),
  };
}

/** A background worker; `store` and the clock are what differ between the two of a test. */
function worker(store: BulkStore, fastClock = false) {
  const core = createCoreAndTill();
  let clock = Date.now();
  const { bulk, handlers } = createServices({
    core,
    bulkDeps: {
      store,
      keepAlive: async () => undefined,
      // The second worker skips the passes' backoff: it waits by moving its clock.
      ...(fastClock && {
        now: () => clock,
        wait: async (ms: number) => {
          clock += ms;
        },
      }),
    },
  });
  const content = async <T>(message: ContentMessage) => (await handlers.content(message, sender)) as Reply<T>;
  /** The run as a person starts it: the panel's quote, confirmed in the extension's window. */
  const start = async (channel: string, ids: string[], quoteId: string) =>
    runOf(await ok(spendInWindow(handlers, { kind: 'bulk', channel, ids, quoteId }, sender)));
  return { bulk, content, start };
}

async function ok<T>(reply: Promise<Reply<T>>): Promise<T> {
  const r = await reply;
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.data;
}

async function until(read: () => Promise<BulkStatus>, done: (s: BulkStatus) => boolean): Promise<BulkStatus> {
  for (let i = 0; i < 400; i++) {
    const status = await read();
    if (done(status)) return status;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the run did not get there');
}

const transcriptCharges = () => service.state.charges.filter((c) => c.videoId !== undefined).map((c) => c.videoId);

describe('a bulk run survives its worker', () => {
  it('stopped after a batch was delivered but before it was recorded: resumed, nothing bought twice', async () => {
    const first = worker(dyingAfter(2));
    const lookup = await ok(first.content<ChannelLookup>({ type: 'channel.get', channel: '@tvamixed' }));
    const quoteId = lookup.status === 'quoted' ? lookup.quote.quoteId : '';
    const listed = await ok(first.content<ChannelLookup>({ type: 'channel.list', channel: '@tvamixed', quoteId }));
    const ids = listed.status === 'quoted' ? (listed.listing?.uploads.map((u) => u.id) ?? []) : [];
    expect(ids).toHaveLength(120);
    const quote = await ok(first.content<BulkQuote>({ type: 'bulk.quote', channel: '@tvamixed', ids }));
    const started = await first.start('@tvamixed', ids, quote.quoteId);
    expect(started).toMatchObject({ state: 'running', total: 120, done: 0, left: 120, title: 'TVA Mixed Bag' });

    // The first batch went alone; its 38 transcripts were saved, then the worker died before recording them.
    await expect.poll(() => transcriptCharges().length, { timeout: 10_000 }).toBe(38);
    await new Promise((r) => setTimeout(r, 300));
    expect(service.state.requests.filter((r) => r.path === '/api/transcripts')).toHaveLength(1);

    const second = worker(bulkStore, true);
    const before = await ok(second.content<BulkStatus>({ type: 'bulk.status', runId: started.runId }));
    expect(before).toMatchObject({ state: 'running', done: 0, left: 120 });
    await second.bulk.resume();
    const end = await until(
      () => ok(second.content<BulkStatus>({ type: 'bulk.status', runId: started.runId })),
      (s) => s.state !== 'running',
    );
    // 105 of 120 can be delivered: 12 terminal failures, 3 that fail on every pass.
    expect(end).toMatchObject({ state: 'finished', total: 120, done: 105, left: 0, etaSeconds: null });
    expect(end.failed).toHaveLength(15);
    const charged = transcriptCharges();
    expect(charged).toHaveLength(105);
    expect(new Set(charged).size).toBe(105);
    // The saved ones were not sent again: after the restart the other 82 went in two batches (50 + 32), then
    // one request for each later pass.
    const sent = service.state.requests.filter((r) => r.path === '/api/transcripts');
    expect(sent).toHaveLength(1 + 2 + 2);

    // The archive is built from what is saved: every delivered video is in it, the restart notwithstanding.
    const archive = await ok(
      second.content<BulkArchive>({ type: 'bulk.archive', channel: '@tvamixed', format: 'srt', runId: started.runId }),
    );
    const files = unzipSync(new Uint8Array(Buffer.from(archive.base64, 'base64')));
    expect(Object.keys(files).filter((n) => n.endsWith('.srt'))).toHaveLength(105);
    const rows: string[][] = parse(Buffer.from(files['index.csv'] ?? new Uint8Array()), { bom: true });
    expect(rows.slice(1).filter((r) => r[6] === 'failed')).toHaveLength(15);
  }, 30_000);

  it('listed by /c/name: found by handle and channel id (no second listing); cancelled from anywhere', async () => {
    const legacy = 'https://www.youtube.com/c/TVAMixed';
    const first = worker(bulkStore);
    const lookup = await ok(first.content<ChannelLookup>({ type: 'channel.get', channel: legacy }));
    const quoteId = lookup.status === 'quoted' ? lookup.quote.quoteId : '';
    await ok(first.content<ChannelLookup>({ type: 'channel.list', channel: legacy, quoteId }));
    for (const other of ['@TVAMixed', 'UCtvamixed00000000000000', 'https://www.youtube.com/c/tvamixed']) {
      const held = await ok(first.content<ChannelLookup>({ type: 'channel.get', channel: other }));
      expect(held.status === 'quoted' && held.listing?.title).toBe('TVA Mixed Bag');
    }
    expect(await ok(first.content<ChannelLookup>({ type: 'channel.get', channel: '@tvademo' }))).toMatchObject({
      listing: null,
    });
    expect(service.state.requests.filter((r) => r.path === '/api/channels')).toHaveLength(1);

    // Each batch takes a second, so the run is still going when it is cancelled.
    await fetch(`${service.url}/__control/faults`, {
      method: 'POST',
      body: JSON.stringify({ path: '/api/transcripts', delayMs: 1_000, times: 10 }),
    });
    // Not saved by the test before (the browser's IndexedDB is kept between them).
    const ids = ['tvaBig00001', 'tvaBig00002', 'tvaBig00003'];
    const quote = await ok(first.content<BulkQuote>({ type: 'bulk.quote', channel: legacy, ids }));
    const started = await first.start(legacy, ids, quote.quoteId);
    for (const other of ['UCtvamixed00000000000000', '@tvamixed']) {
      expect((await ok(first.content<BulkStatus | null>({ type: 'bulk.current', channel: other })))?.runId).toBe(
        started.runId,
      );
    }
    expect(await ok(first.content<BulkStatus | null>({ type: 'bulk.current', channel: '@tvademo' }))).toBeNull();

    const cancelled = await ok(first.content<BulkStatus>({ type: 'bulk.cancel', runId: started.runId }));
    expect(cancelled.state).toBe('cancelled');
    const recent = await first.bulk.recent();
    expect(recent.map((r) => [r.runId, r.state])).toEqual([[started.runId, 'cancelled']]);
    // The batch in flight when it was cancelled is recorded; nothing further is sent.
    const end = await until(
      () => ok(first.content<BulkStatus>({ type: 'bulk.status', runId: started.runId })),
      (s) => s.done === 3,
    );
    expect(end.state).toBe('cancelled');
    await new Promise((r) => setTimeout(r, 300));
    expect(service.state.requests.filter((r) => r.path === '/api/transcripts')).toHaveLength(1);
  }, 30_000);
});

describe('request-level failures of a run', () => {
  async function startRun({ content, start }: ReturnType<typeof worker>, ids: string[]) {
    const lookup = await ok(content<ChannelLookup>({ type: 'channel.get', channel: '@tvabig' }));
    const quoteId = lookup.status === 'quoted' ? lookup.quote.quoteId : '';
    await ok(content<ChannelLookup>({ type: 'channel.list', channel: '@tvabig', quoteId }));
    const quote = await ok(content<BulkQuote>({ type: 'bulk.quote', channel: '@tvabig', ids }));
    return start('@tvabig', ids, quote.quoteId);
  }

  it('a 503 after sending may have been charged: its videos are set aside, named, and never sent again', async () => {
    const background = worker(bulkStore, true);
    const { content } = background;
    await fetch(`${service.url}/__control/faults`, {
      method: 'POST',
      body: JSON.stringify({ path: '/api/transcripts', status: 503, times: 1 }),
    });
    const ids = ['tvaBig00101', 'tvaBig00102'];
    const started = await startRun(background, ids);
    const end = await until(
      () => ok(content<BulkStatus>({ type: 'bulk.status', runId: started.runId })),
      (s) => s.state !== 'running',
    );
    expect(end).toMatchObject({ state: 'finished', done: 0, failed: [], left: 0 });
    expect(end.unknown.map((u) => u.id).sort()).toEqual(ids);
    expect(end.unknown[0]?.message).toMatch(/may have delivered and charged/);
    // The run ended with nothing left to pass over: the two videos are never asked for again.
    expect(service.state.requests.filter((r) => r.path === '/api/transcripts').map((r) => r.status)).toEqual([503]);
    expect(transcriptCharges()).toEqual([]);
  }, 30_000);

  it('no permission to reach the service any more: the run stops with the sentence, nothing is sent', async () => {
    const { content, start } = worker(bulkStore, true);
    const ids = ['tvaBig00201', 'tvaBig00202'];
    fakeBrowser.permissions.contains = async () => true;
    const lookup = await ok(content<ChannelLookup>({ type: 'channel.get', channel: '@tvabig' }));
    const quoteId = lookup.status === 'quoted' ? lookup.quote.quoteId : '';
    await ok(content<ChannelLookup>({ type: 'channel.list', channel: '@tvabig', quoteId }));
    const quote = await ok(content<BulkQuote>({ type: 'bulk.quote', channel: '@tvabig', ids }));
    fakeBrowser.permissions.contains = async () => false;
    const started = await start('@tvabig', ids, quote.quoteId);
    const end = await until(
      () => ok(content<BulkStatus>({ type: 'bulk.status', runId: started.runId })),
      (s) => s.state !== 'running',
    );
    expect(end.state).toBe('stopped');
    expect(end.message).toMatch(/has no permission to reach/);
    expect(end.left).toBe(2);
    expect(service.state.requests.filter((r) => r.path === '/api/transcripts')).toEqual([]);
  }, 30_000);
});
