import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { AnalysisMode } from '../../../utils/api/schemas';
import { WindowPurchase } from '../../../utils/protocol/window-purchase';
import { createSerial } from '../../../utils/serial';

/** "Analyze this video" from the context menu: a browser act, so no quote; no panel follows it (it notifies). */
const MenuAnalysis = z
  .object({ kind: z.literal('menu'), videoId: z.string(), mode: AnalysisMode, title: z.string().nullable() })
  .strict();
export const HeldPurchase = z.union([WindowPurchase, MenuAnalysis]);
export type HeldPurchase = z.infer<typeof HeldPurchase>;

const Pending = z.object({
  purchase: HeldPurchase,
  /** The tab whose panel asked (its quotes are bound to it); null for the context menu. */
  tabId: z.number().nullable(),
  /** A digest of the token in use when it was asked: another account cannot spend it. */
  account: z.string(),
  /** The window opened for it: only that window's page may see it and say Spend. */
  windowId: z.number().nullable(),
  createdAt: z.number(),
  /** The price the window showed last; Spend refuses a higher one. */
  shown: z.number().nullable(),
  state: z.enum(['waiting', 'spending', 'done', 'failed', 'cancelled']),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type Pending = z.infer<typeof Pending>;

/** A window left waiting this long is stale: its price is asked again from the panel. */
export const CONSENT_TTL_MS = 10 * 60 * 1000;
const KEPT = 50;

// Session storage: a worker stopped while the window is open still knows what it is for, and nothing of it
// outlives the browser session. Content scripts cannot read storage.session.
const item = storage.defineItem<Record<string, unknown>>('session:consentRequests', { fallback: {} });
const serial = createSerial();

async function readAll(): Promise<Map<string, Pending>> {
  const all = new Map<string, Pending>();
  for (const [id, raw] of Object.entries((await item.getValue()) ?? {})) {
    const parsed = Pending.safeParse(raw);
    if (parsed.success) all.set(id, parsed.data);
  }
  return all;
}

/** Settled and stale records go after a while (twice the TTL: the panel still reads how it ended). */
async function write(all: Map<string, Pending>, now = Date.now()): Promise<void> {
  const live = [...all].filter(([, p]) => p.createdAt > now - 2 * CONSENT_TTL_MS).slice(-KEPT);
  await item.setValue(Object.fromEntries(live));
}

export const consentStore = {
  add(requestId: string, pending: Pending): Promise<void> {
    return serial(async () => {
      const all = await readAll();
      all.set(requestId, pending);
      await write(all);
    });
  },
  get(requestId: string): Promise<Pending | null> {
    return serial(async () => (await readAll()).get(requestId) ?? null);
  },
  all(): Promise<Map<string, Pending>> {
    return serial(readAll);
  },
  /**
   * Changes a record, only when it is in one of the states given (null when it is not): the first Spend
   * moves it from waiting to spending, so a second one finds nothing to buy.
   */
  update(requestId: string, from: Pending['state'][], patch: Partial<Pending>): Promise<Pending | null> {
    return serial(async () => {
      const all = await readAll();
      const found = all.get(requestId);
      if (!found || !from.includes(found.state)) return null;
      const next = { ...found, ...patch };
      all.set(requestId, next);
      await write(all);
      return next;
    });
  },
};
