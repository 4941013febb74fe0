import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { AnalysisMode } from '../../../utils/api/schemas';
import { t } from '../../../utils/i18n/catalogue';
import { createSerial } from '../../../utils/serial';
import { Refusal } from '../core/replies';

/**
 * Consent tickets. Before anything that costs is sent, the background quotes its price to the panel that will
 * show it; the spend message must then name that quote. A quote is single-use, expires, and is bound to the
 * tab it was shown in, the account, the video and the exact purchase (an analysis quote also to its price),
 * so a spend can only follow a price the person was shown, once. The panel sends a spend only on a trusted
 * input event (components/consent.ts), which a page script cannot forge; the background re-checks the
 * spending guard itself.
 */
export const Purchase = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('transcript'), lang: z.string() }),
  z.object({
    kind: z.literal('analysis'),
    mode: AnalysisMode,
    partial: z.boolean(),
    /** The price shown; null when the length was unknown (the guard dialog then always asks). */
    aiUnits: z.number().nullable(),
    guardNeeded: z.boolean(),
  }),
  z.object({ kind: z.literal('ask') }),
  /** One channel listing; the quote's subject is `channel:<ref>`. */
  z.object({ kind: z.literal('channel') }),
  /** Several channels' listings (subject `channels:<refs>`): those priced (not held yet) and the price shown. */
  z.object({ kind: z.literal('channels'), toList: z.array(z.string()).max(100), cloudRequests: z.number() }),
  /**
   * Transcripts of the selected videos of a channel (subject `bulk:<ref>`): the selection, the videos priced
   * (its unsaved ones) and the price shown. A spend that would buy a video not priced is refused.
   */
  z.object({
    kind: z.literal('bulk'),
    ids: z.array(z.string()).max(500),
    toBuy: z.array(z.string()).max(500),
    cloudRequests: z.number(),
    aiUnitsUpTo: z.number(),
  }),
  /**
   * A search of these videos on the service (subject `search:<ref>`): the unsaved videos, the words and the
   * range searched, and the price shown; another query or range, or a higher price, is refused.
   */
  z.object({
    kind: z.literal('search'),
    ids: z.array(z.string()).max(500),
    query: z.string(),
    from: z.number().nullable(),
    to: z.number().nullable(),
    cloudRequests: z.number(),
  }),
  /** A part of one unsaved video's transcript (subject `around:<video id>`), 1 Cloud Request. */
  z.object({ kind: z.literal('range'), from: z.number(), to: z.number() }),
]);
export type Purchase = z.infer<typeof Purchase>;

const Quote = z.object({
  tabId: z.number().nullable(),
  account: z.string(),
  videoId: z.string(),
  purchase: Purchase,
  expiresAt: z.number(),
});
type Quote = z.infer<typeof Quote>;

export const QUOTE_TTL_MS = 30 * 60 * 1000;
/** Live quotes kept per tab: a page that pushes through videos only ever drops its own tab's older quotes. */
export const MAX_QUOTES_PER_TAB = 100;

// Session storage: a worker stopped between the price and the click still honours the quote.
const item = storage.defineItem<Record<string, unknown>>('session:quotes', { fallback: {} });
const serial = createSerial();

/** A spend without the quote of what is bought now: a refusal (consent_required) the panel answers with a new price. */
export class ConsentError extends Refusal {
  override readonly name: string = 'ConsentError';
  constructor(message: string) {
    super('consent_required', message);
  }
}

/** Said when a spend above the guard is asked anywhere but the extension's confirmation window. */
export const confirmInWindow = () => t('background.error.consent.inWindow');

export const quotes = {
  issue(quote: Omit<Quote, 'expiresAt'>, now = Date.now()): Promise<string> {
    return serial(async () => {
      const id = crypto.randomUUID();
      const live = Object.entries((await item.getValue()) ?? {}).flatMap(([key, q]): [string, Quote][] => {
        const parsed = Quote.safeParse(q);
        return parsed.success && parsed.data.expiresAt > now ? [[key, parsed.data]] : [];
      });
      const sameTab = live.filter(([, q]) => q.tabId === quote.tabId);
      const dropped = new Set(sameTab.slice(0, Math.max(0, sameTab.length - (MAX_QUOTES_PER_TAB - 1))).map(([k]) => k));
      const kept = Object.fromEntries(live.filter(([k]) => !dropped.has(k)));
      await item.setValue({ ...kept, [id]: { ...quote, expiresAt: now + QUOTE_TTL_MS } });
      return id;
    });
  },
  /** Takes (uses up) the quote; throws ConsentError unless it matches what is being bought now. */
  take(id: string, expected: { tabId: number | null; account: string; videoId: string; kind: Purchase['kind'] }) {
    return serial(async (): Promise<Purchase> => {
      const all = (await item.getValue()) ?? {};
      const parsed = Quote.safeParse(all[id]);
      if (id in all) {
        const { [id]: _used, ...rest } = all;
        await item.setValue(rest);
      }
      if (!parsed.success) throw new ConsentError(t('background.check.invalid'));
      const q = parsed.data;
      if (q.expiresAt <= Date.now()) throw new ConsentError(t('background.check.expired'));
      const matches =
        q.tabId === expected.tabId &&
        q.account === expected.account &&
        q.videoId === expected.videoId &&
        q.purchase.kind === expected.kind;
      if (!matches) throw new ConsentError(t('background.check.otherThing'));
      return q.purchase;
    });
  },
};
