import { storage } from 'wxt/utils/storage';
import type { LoggedRequest } from '../../../utils/scheduler';
import { createSerial } from '../../../utils/serial';

/**
 * The requests each account's scheduler holds in its rate limits, in wall-clock ms, kept in
 * storage.session: a worker that was stopped mid-run (or between two runs) hands its limits to the next one,
 * so the next requests keep to the limits the service is still counting. Per account, since limits are per token.
 */
const item = storage.defineItem<Record<string, LoggedRequest[]>>('session:rateLog', { fallback: {} });

/** The longest limit (a minute) and its margin, with room: older requests no longer count anywhere. */
const KEPT_MS = 70_000;

const serial = createSerial();
/** The write waiting its turn: a later save replaces what it writes (each save holds every request). */
let waiting: { account: string; requests: readonly LoggedRequest[]; done: Promise<void> } | null = null;

const live = (requests: readonly LoggedRequest[], now: number) =>
  requests.filter((r) => r.at === null || r.at > now - KEPT_MS);

export const rateLog = {
  async load(account: string): Promise<LoggedRequest[]> {
    return live((await item.getValue())?.[account] ?? [], Date.now());
  },
  /**
   * Replaces the account's requests; other accounts' old ones are dropped on the way. Saves made while a write
   * is on its way become one write of the latest, which every one of them waits for.
   */
  save(account: string, requests: readonly LoggedRequest[]): Promise<void> {
    if (waiting?.account === account) {
      waiting.requests = requests;
      return waiting.done;
    }
    const next = { account, requests, done: Promise.resolve() };
    waiting = next;
    next.done = serial(async () => {
      if (waiting === next) waiting = null;
      const now = Date.now();
      const all: Record<string, LoggedRequest[]> = {};
      for (const [key, kept] of Object.entries((await item.getValue()) ?? {})) {
        const still = live(kept, now);
        if (still.length > 0) all[key] = still;
      }
      all[next.account] = [...next.requests];
      await item.setValue(all);
    });
    return next.done;
  },
};
