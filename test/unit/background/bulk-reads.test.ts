import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCoreAndTill, createServices } from '../../../entrypoints/background';
import { tokenItem } from '../../../utils/account/secrets';
import { newRun } from '../../../utils/bulk/run';
import { type BulkStore, bulkStore } from '../../../utils/bulk/store';
import type { BulkQuote, BulkStatus, ChannelLookup } from '../../../utils/channel/replies';
import type { Reply } from '../../../utils/protocol/envelope';
import type { ContentMessage } from '../../../utils/protocol/requests';
import { DEFAULT_SETTINGS, settingsItem } from '../../../utils/settings';
import { useLocalService } from '../local-service';
import { runOf, spendInWindow } from './harness';

/** When each file part was started (channel/run-file.ts makes one per delivered video). */
const parts = vi.hoisted(() => ({ made: [] as { id: string; at: number }[] }));
vi.mock('../../../utils/export/archive-parts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../utils/export/archive-parts')>();
  return {
    ...original,
    partMade: (...args: Parameters<typeof original.partMade>) => {
      parts.made.push({ id: args[2], at: Date.now() });
      return original.partMade(...args);
    },
  };
});
const sender = { id: 'ext', tab: { id: 4, active: true, url: 'https://www.youtube.com/@tvabig' } };

const service = useLocalService(60_000);
beforeEach(async () => {
  fakeBrowser.reset();
  fakeBrowser.permissions.contains = async () => true;
  await settingsItem.setValue({ ...DEFAULT_SETTINGS, serviceUrl: service.url });
  await tokenItem.setValue('demo-starter');
});

type Op = { op: 'get' | 'all' | 'update'; at: number; driver: boolean; state?: string | undefined };

/** Asked by the run's driver (not by a page reading the run's status). */
const byDriver = () => /at (async )?drive /.test(new Error().stack ?? '');

/** The store, with every read and step it is asked for written down in order. */
function logged(ops: Op[]): BulkStore {
  return {
    ...bulkStore,
    get: (account, runId) => {
      ops.push({ op: 'get', at: Date.now(), driver: byDriver() });
      return bulkStore.get(account, runId);
    },
    all: (account) => {
      ops.push({ op: 'all', at: Date.now(), driver: byDriver() });
      return bulkStore.all(account);
    },
    update: async (account, runId, step) => {
      const entry: Op = { op: 'update', at: Date.now(), driver: byDriver() };
      ops.push(entry);
      const run = await bulkStore.update(account, runId, step);
      entry.state = run?.state;
      return run;
    },
  };
}

async function ok<T>(reply: Promise<Reply<T>>): Promise<T> {
  const r = await reply;
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.data;
}

type Handlers = ReturnType<typeof createServices>['handlers'];

/** Uploads `from` to `to` of @tvabig priced and bought in the window, then followed until the run has finished. */
async function buyToTheEnd(handlers: Handlers, from: number, to: number, beforeSpend = () => undefined) {
  const content = <T>(message: ContentMessage) => ok(handlers.content(message, sender) as Promise<Reply<T>>);
  const lookup = await content<ChannelLookup>({ type: 'channel.get', channel: '@tvabig' });
  const quoteId = lookup.status === 'quoted' ? lookup.quote.quoteId : '';
  const listed = await content<ChannelLookup>({ type: 'channel.list', channel: '@tvabig', quoteId });
  const ids = (listed.status === 'quoted' ? (listed.listing?.uploads.map((u) => u.id) ?? []) : []).slice(from, to);
  const quote = await content<BulkQuote>({ type: 'bulk.quote', channel: '@tvabig', ids });
  beforeSpend();
  const started = runOf(
    await ok(spendInWindow(handlers, { kind: 'bulk', channel: '@tvabig', ids, quoteId: quote.quoteId }, sender)),
  );
  await expect
    .poll(async () => (await content<BulkStatus>({ type: 'bulk.status', runId: started.runId })).state, {
      timeout: 20_000,
    })
    .toBe('finished');
  return { ids, started };
}

/**
 * What a bulk run reads of its own record, in storage.local: each read is a round trip the run waits for (tens
 * of ms on a busy two-core machine), before its first request and between its last answer and its end.
 */
describe("a bulk run's reads of its record", () => {
  it("none before its first batch's turn, and none between its last batch and its end", async () => {
    const ops: Op[] = [];
    const core = createCoreAndTill();
    // Eleven ended runs of this account before: the start reads none of them; the run's end lets the oldest go.
    const account = await core.account();
    for (let i = 1; i <= 11; i++) {
      const args = { runId: `old${i}`, account, channel: '@tvabig', channelId: null, title: 'Old', selection: [] };
      await bulkStore.add({
        ...newRun({ ...args, lang: 'en', format: 'srt', toBuy: [] }, i),
        state: 'finished',
        endedAt: i,
      });
    }
    const { handlers } = createServices({
      core,
      bulkDeps: { store: logged(ops), keepAlive: async () => undefined },
    });
    const { started } = await buyToTheEnd(handlers, 0, 120, () => {
      ops.length = 0;
    });

    // The run as it was started serves the driver's first pass, and a run just started has nothing unsure to read:
    // before the first batch's turn (its start recorded), no read of every run and only the second pass's look
    // (made while that batch waits for its turn), where there were three reads.
    const turn = ops.findIndex((o) => o.op === 'update');
    const before = ops.slice(0, turn);
    expect(before.filter((o) => o.op === 'all')).toEqual([]);
    expect(before.filter((o) => o.driver)).toHaveLength(1);
    // The last batch's outcomes, then at once the step that ends the run (it reads the run as it writes it).
    const driven = ops.filter((o) => o.driver || o.op === 'update');
    const end = driven.findIndex((o) => o.state === 'finished');
    expect(driven[end]).toMatchObject({ op: 'update', driver: true });
    expect(driven[end - 1]).toMatchObject({ op: 'update', state: 'running' });
    // Ten ended runs are kept: the run that just ended, and the newest nine of the eleven before it.
    await expect.poll(async () => (await bulkStore.all(account)).map((r) => r.runId).includes('old2')).toBe(false);
    expect((await bulkStore.all(account)).map((r) => r.runId)).toEqual([
      started.runId,
      ...Array.from({ length: 9 }, (_, i) => `old${11 - i}`),
    ]);
  }, 30_000);

  it("lets the file's parts be made while it looks at a run whose every pending video is in flight", async () => {
    const looks: [number, number][] = [];
    const slowLooks: BulkStore = {
      ...bulkStore,
      get: async (account, runId) => {
        if (!byDriver()) return bulkStore.get(account, runId);
        const from = Date.now();
        await new Promise((r) => setTimeout(r, 300));
        const run = await bulkStore.get(account, runId);
        looks.push([from, Date.now()]);
        return run;
      },
    };
    const { handlers } = createServices({
      core: createCoreAndTill(),
      bulkDeps: { store: slowLooks, keepAlive: async () => undefined },
    });
    const { ids } = await buyToTheEnd(handlers, 200, 320);
    // Other videos than the first test's, which are saved now (the cache outlives a test); its parts are told
    // apart by their videos (the first test's run may still be making its own).
    const mine = new Set(ids);
    const made = parts.made.filter((p) => mine.has(p.id)).map((p) => p.at);
    // The whole run went in one wave (the balance covers it): every look after it could form nothing, and the
    // parts of the batches back were made meanwhile instead of waiting for it to end.
    const duringLooks = made.filter((at) => looks.some(([from, to]) => at > from && at < to));
    expect(duringLooks.length).toBeGreaterThan(0);
  }, 30_000);
});
