import { t } from '../../../utils/i18n/catalogue';
import type { SenderLike } from '../../../utils/protocol/receive';
import type { JournalEntry } from '../../../utils/till/journal';
import { groupLocalHits } from '../../../utils/video-search/moments';
import { queryKey } from '../../../utils/video-search/query';
import {
  type LocalSearch,
  MCP_VIDEOS_PER_CALL,
  type SearchQuote,
  type ServiceSearch,
} from '../../../utils/video-search/replies';
import type { TimeRange } from '../../../utils/video-search/time-range';
import { ConsentError, quotes } from '../consent/quotes';
import { accountStore } from '../core/account-store';
import type { Core } from '../core/core';
import type { Library } from '../library/library';
import type { Till } from '../till';
import { heldFindings, searchOnService } from './mcp-search';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'account' | 'cache' | 'keeper'> & { till: Till };

const LOCAL_LIMIT = 200;
// A range drops passages after ranking: look further down the list so in-range moments are not cut off.
const LOCAL_LIMIT_IN_RANGE = 600;

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * Of these videos, those an earlier search for the same words and range may have charged without its answer
 * arriving (their findings are not held): the offer says so before the person buys them again.
 */
async function searchedUnsure(
  core: CoreNeeds,
  ids: readonly string[],
  query: string,
  range: TimeRange,
): Promise<number> {
  const same = (e: JournalEntry) =>
    queryKey(e.subject.query ?? '') === queryKey(query) &&
    (e.subject.range?.from ?? null) === range.from &&
    (e.subject.range?.to ?? null) === range.to;
  const unsure = new Set((await core.till.openUnknown('search')).filter(same).flatMap((e) => e.subject.ids));
  return ids.filter((id) => unsure.has(id)).length;
}

/**
 * "Search these videos" in the channel view. Saved transcripts are searched by the library's index, free and
 * without a request. Videos without one can be searched by the service (1 Cloud Request each), only on a quote
 * of exactly those videos, issued to the tab that shows the price (../consent/quotes.ts, subject `search:<ref>`).
 */
export function createVideoSearch(core: CoreNeeds, library: Library) {
  const where = async (sender: SenderLike, channel: string) => ({
    tabId: sender.tab?.id ?? null,
    account: await core.account(),
    videoId: `search:${channel}`,
  });

  async function unsavedOf(ids: readonly string[]): Promise<string[]> {
    const saved = new Set(await library.withTranscripts(ids));
    return ids.filter((id) => !saved.has(id));
  }

  return {
    /** Free: moments in the saved transcripts of these videos, and which of them have none. */
    async local(query: string, ids: string[], range: TimeRange): Promise<LocalSearch> {
      const saved = await library.withTranscripts(ids);
      const held = new Set(saved);
      const unsaved = ids.filter((id) => !held.has(id));
      const text = query.trim();
      if (!text || saved.length === 0) return { query, searched: saved.length, unsaved, videos: [] };
      const limit = range.from === null && range.to === null ? LOCAL_LIMIT : LOCAL_LIMIT_IN_RANGE;
      const hits = await library.hits(text, { videoIds: saved, kinds: ['transcript'], limit });
      return { query, searched: saved.length, unsaved, videos: groupLocalHits(hits, range) };
    },

    /** Free: the price of searching the selection's unsaved videos on the service, with its quote. */
    async quote(
      sender: SenderLike,
      m: { channel: string; ids: string[]; query: string; range: TimeRange },
    ): Promise<SearchQuote> {
      const unsaved = await unsavedOf(m.ids);
      const query = m.query.trim();
      // Videos already searched for exactly this are shown again for free: only the others are priced.
      const { toBuy } = await heldFindings(core, { query, range: m.range, ids: unsaved });
      const balance = (await accountStore.get()).cloudRequests;
      // The server's published schema (read once per session, free) says how many videos a call carries, or that
      // it has no way to say this search: then there is nothing to agree to.
      const plan =
        toBuy.length > 0
          ? await core.till.searchPlan({ ids: toBuy, query, range: m.range })
          : { perCall: MCP_VIDEOS_PER_CALL, refusal: null };
      const purchase = { kind: 'search' as const, ids: unsaved, query, ...m.range, cloudRequests: toBuy.length };
      const quoteId =
        unsaved.length === 0 || plan.refusal
          ? null
          : await quotes.issue({ ...(await where(sender, m.channel)), purchase });
      return {
        quoteId,
        ids: unsaved,
        held: unsaved.length - toBuy.length,
        cloudRequests: toBuy.length,
        calls: Math.ceil(toBuy.length / plan.perCall),
        perCall: plan.perCall,
        refusal: plan.refusal,
        balance,
        mayHaveBeenCharged: await searchedUnsure(core, toBuy, query, m.range),
      };
    },

    /** Spends up to 1 Cloud Request per video, only on the quote of exactly this search (../confirm/window.ts). */
    async service(
      sender: SenderLike,
      m: { channel: string; ids: string[]; quoteId: string; query: string; range: TimeRange },
    ): Promise<ServiceSearch> {
      const quoted = await quotes.take(m.quoteId, { ...(await where(sender, m.channel)), kind: 'search' });
      const query = m.query.trim();
      // The same search as priced: the same words (case and spacing aside, as held findings are keyed) and range.
      const same = quoted.kind === 'search' && sameIds(quoted.ids, m.ids) && queryKey(quoted.query) === queryKey(query);
      if (!same || quoted.from !== m.range.from || quoted.to !== m.range.to) {
        throw new ConsentError(t('background.check.otherSearch'));
      }
      // A transcript saved since the price is searched locally for free; a price that grew is asked again.
      const run = { query, range: m.range, ids: (await unsavedOf(m.ids)).filter((id) => quoted.ids.includes(id)) };
      const { toBuy } = await heldFindings(core, run);
      if (quoted.kind !== 'search' || toBuy.length > quoted.cloudRequests) {
        throw new ConsentError(t('background.check.searchGrew', { n: toBuy.length }));
      }
      return searchOnService(core, run);
    },
  };
}

export type VideoSearch = ReturnType<typeof createVideoSearch>;
