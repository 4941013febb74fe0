import { storage } from 'wxt/utils/storage';
import type { LoggedRequest } from '../../../utils/scheduler';
import { createSerial } from '../../../utils/serial';

/**
 * The requests each account's scheduler holds in its rate-limit windows, in wall-clock ms, kept in
 * storage.session: a worker that was stopped mid-run (or between two runs) hands its windows to the next one,
 * so the next requests keep to the limits the service is still counting. Per account, since limits are per token.
 */
const item = storage.defineItem<Record<string, LoggedRequest[]>>('session:rateLog', { fallback: {} });

/** The longest window (a minute) and its margin, with room: older requests no longer count anywhere. */
const KEPT_MS = 70_000;

const serial = createSerial();

const live = (requests: readonly LoggedRequest[], now: number) =>
  requests.filter((r) => r.at === null || r.at > now - KEPT_MS);

export const rateLog = {
  async load(account: string): Promise<LoggedRequest[]> {
    return live((await item.getValue())?.[account] ?? [], Date.now());
  },
  /** Replaces the account's requests; other accounts' old ones are dropped on the way. */
  save(account: string, requests: readonly LoggedRequest[]): Promise<void> {
    return serial(async () => {
      const now = Date.now();
      const all: Record<string, LoggedRequest[]> = {};
      for (const [key, kept] of Object.entries((await item.getValue()) ?? {})) {
        const still = live(kept, now);
        if (still.length > 0) all[key] = still;
      }
      all[account] = [...requests];
      await item.setValue(all);
    });
  },
};
