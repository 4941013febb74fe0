import { errorSentence } from '../../../utils/api/error-text';
import { type BulkRun, endPass, markSaved, markUnknown, stopRun, takeBatch } from '../../../utils/bulk/run';
import type { BulkStore } from '../../../utils/bulk/store';
import { t } from '../../../utils/i18n/catalogue';
import type { Core } from '../core/core';
import type { Till } from '../till';
import type { TranscriptWatch } from '../till/transcripts';
import { type Flight, sendBatch } from './bulk-batch';
import { balanceCovers } from './bulk-probe';
import { savedAmong } from './bulk-saved';
import type { RunFiles } from './run-file';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'account' | 'inflight' | 'keeper' | 'mcp' | 'pin' | 'setPlan'> & { till: Till };

export type DriveDeps = {
  core: CoreNeeds;
  store: BulkStore;
  now: () => number;
  wait: (ms: number) => Promise<void>;
  files: RunFiles;
};

/** Batches in flight (waiting their turn or sent) at once: as many as the REST burst admits. */
const MAX_IN_FLIGHT = 5;

const interruptedSentence = () => t('background.bulk.interrupted');

/** One run as this worker drives it: its batches in flight and what one pass leaves the next. */
export type Drive = {
  account: string;
  runId: string;
  flight: Flight;
  inFlight: Set<Promise<void>>;
  /** The run as its last pass left it, when the driver ended it: told as it is, not read again. */
  ended: BulkRun | null;
  /** Set while the loop may form batches: the file's parts wait meanwhile (run-file.ts). */
  working: (() => void) | null;
  /** The run as the last pass read it, and the videos of batches back since: what the next pass may form. */
  known: BulkRun | null;
  back: Set<string>;
  /** The run as a step just wrote it, used by the next pass instead of reading it again. */
  fresh: BulkRun | null;
  /** A balance known to cover the run: no first batch alone (bulk-probe.ts). */
  together: boolean;
};

/** A run about to be driven: nothing of it in flight in this worker yet. */
export function newDrive(account: string, runId: string, started?: BulkRun): Drive {
  const flight: Flight = {
    controller: new AbortController(),
    held: new Set(),
    sent: new Set(),
    answered: false,
    wake: () => undefined,
  };
  const base = { account, runId, flight, inFlight: new Set<Promise<void>>(), ended: null, working: null };
  return { ...base, known: null, back: new Set(), fresh: started ?? null, together: false };
}

/** The file's parts may be made again (the loop no longer forms batches). */
export function resting(d: Drive): void {
  d.working?.();
  d.working = null;
}

/** Up to `count` batches of the run's pending videos, none of `busy` nor of each other. */
function formBatches(run: BulkRun, busy: ReadonlySet<string>, count: number): string[][] {
  const taken = new Set(busy);
  const batches: string[][] = [];
  while (batches.length < count) {
    const next = takeBatch(run, taken);
    if (next.length === 0) break;
    for (const id of next) taken.add(id);
    batches.push(next);
  }
  return batches;
}

/**
 * Drives one run from its record until it ends, is cancelled, or the token changes (it waits for it then).
 * `started`: the run as `start` just stored it, used for the first pass instead of reading it again; no earlier
 * worker sent any of it, so nothing of it can be unsure (each read before the first request delayed the run).
 */
export async function driveRun(deps: DriveDeps, d: Drive, started?: BulkRun): Promise<void> {
  const { core, store } = deps;
  try {
    // A stopped worker's requests are in the scheduler's windows already (core/rate-log.ts).
    const first = started ?? (await store.get(d.account, d.runId));
    // Batches a stopped worker sent and never heard back about may have been charged: never sent again.
    const unsure = first && !started ? await core.till.unknownOfRun(d.runId) : [];
    const arrived = first && unsure.length > 0 ? await savedAmong(core, unsure, first.lang) : new Set<string>();
    const interrupted = unsure.filter((id) => !arrived.has(id));
    if (interrupted.length > 0)
      await store.update(d.account, d.runId, (r) => markUnknown(r, interrupted, interruptedSentence()));
    d.together = first?.state === 'running' && (await balanceCovers(first.pending.length));
    // A cancel meanwhile is seen at the batches' turn (their record's step refuses a run no longer running).
    let going = true;
    while (going) going = await pass(deps, d);
    // What still waits for its turn is withdrawn (nothing was sent for it); what was sent comes back.
    d.flight.controller.abort();
    await Promise.allSettled(d.inFlight);
  } finally {
    resting(d);
  }
}

/** One pass: forms and sends the batches there is room for, or waits for room. False: the driving ends. */
async function pass(deps: DriveDeps, d: Drive): Promise<boolean> {
  const { core, store, now } = deps;
  const { flight, inFlight } = d;
  // While the loop may form batches the file's parts wait (run-file.ts); they are made while it waits, and
  // while a look can only find every pending video in flight (the last wave's answers coming back).
  resting(d);
  if (!d.known || d.known.pending.some((id) => !flight.held.has(id) && !d.back.has(id))) d.working = deps.files.busy();
  if ((await core.account()) !== d.account) return false;
  const run = d.fresh ?? (await store.get(d.account, d.runId));
  d.fresh = null;
  d.known = run;
  d.back.clear();
  if (run?.state !== 'running') return false;
  // The first batch goes alone until its answer comes back 2xx (a 402 is learned from one request), unless
  // the balance known lately covers the run; after it, the batches with room are formed in one pass (one
  // look at what is busy and saved), so that a wave's requests leave together.
  const alone = !d.together && run.batchMs === null && !flight.answered;
  const rampingUp = alone && inFlight.size > 0;
  const room = alone ? 1 - inFlight.size : MAX_IN_FLIGHT - inFlight.size;
  // From before the look at what is busy and saved: what any purchase takes from now on (each batch's turn
  // looks in the cache again only for those, instead of a read queued behind the earlier answers' writes).
  const watches = await Promise.all(Array.from({ length: Math.max(1, room) }, () => core.till.watchTranscripts()));
  // Videos another purchase (another run, a panel) is buying now are not bought here; the run waits for them.
  const elsewhereBusy = await core.till.transcriptsBusy(run.pending.filter((id) => !flight.held.has(id)));
  const batches = formBatches(run, new Set([...flight.held, ...elsewhereBusy]), Math.max(1, room));
  const batch = batches.flat();
  if (batch.length === 0 || rampingUp || room <= 0) {
    for (const watch of watches) watch.stop();
    resting(d);
    return idle(deps, d, rampingUp, elsewhereBusy);
  }
  if ((run.notBefore ?? 0) > now()) {
    for (const watch of watches) watch.stop();
    resting(d);
    await deps.wait((run.notBefore ?? 0) - now());
    return true;
  }
  // Saved ones leave before the batch is formed (full batches after a restart); its turn checks again.
  const saved = await savedAmong(core, batch, run.lang);
  if (saved.size > 0) {
    for (const watch of watches) watch.stop();
    await store.update(d.account, d.runId, (r) => markSaved(r, [...saved]));
    return true;
  }
  for (const watch of watches.slice(batches.length)) watch.stop();
  launch(deps, d, run, batches, watches);
  return true;
}

/** Nothing to send now: waits for a batch to come back, for another purchase, or records the pass's end. */
async function idle(deps: DriveDeps, d: Drive, rampingUp: boolean, elsewhereBusy: string[]): Promise<boolean> {
  const { core, store, now } = deps;
  if (d.inFlight.size > 0) {
    const answered = rampingUp ? new Promise<void>((resolve) => (d.flight.wake = resolve)) : null;
    await Promise.race(answered ? [...d.inFlight, answered] : d.inFlight);
    if (d.inFlight.size === 0) {
      // The last batch is back: the pass's end (a step that changes nothing while videos are pending) is
      // recorded by the same read that gives the next pass its run, instead of a read and then a write.
      const passed = await store.update(d.account, d.runId, (r) => endPass(r, now()));
      if (passed?.state !== 'running') {
        // Cancelled or stopped meanwhile: ended, but not driven to its end (no file prepared for it).
        if (passed?.state === 'finished') d.ended = passed;
        return false;
      }
      d.fresh = passed;
    }
  } else if (elsewhereBusy.length > 0) await core.till.transcriptsSettled(elsewhereBusy);
  else {
    const passed = await store.update(d.account, d.runId, (r) => endPass(r, now()));
    // Finished (or ended meanwhile): nothing is left to drive, and the end is told without reading it again.
    if (passed?.state !== 'running') {
      d.ended = passed;
      return false;
    }
  }
  return true;
}

/** Sends the pass's batches, each with its watch; each lets go of its videos when it is back. */
function launch(deps: DriveDeps, d: Drive, run: BulkRun, batches: string[][], watches: TranscriptWatch[]): void {
  const { core, store, now, files } = deps;
  batches.forEach((ids, i) => {
    const watch = watches[i];
    if (!watch) return;
    for (const id of ids) d.flight.held.add(id);
    const task = sendBatch({ core, store, now, files }, run, ids, d.flight, watch)
      .catch(async (error: unknown) => {
        const sentence = errorSentence('internal', error instanceof Error ? error.message : undefined);
        await store.update(d.account, d.runId, (r) => stopRun(r, 'internal', sentence, now()));
      })
      .finally(() => {
        for (const id of ids) {
          d.flight.held.delete(id);
          d.flight.sent.delete(id);
          d.back.add(id);
        }
        d.inFlight.delete(task);
      });
    d.inFlight.add(task);
  });
}
