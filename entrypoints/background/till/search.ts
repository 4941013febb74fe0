import { isServiceError } from '../../../utils/api/errors';
import { callTool } from '../../../utils/api/mcp';
import { searchPrice } from '../../../utils/till/price';
import { queryKey } from '../../../utils/video-search/query';
import { MCP_VIDEOS_PER_CALL } from '../../../utils/video-search/replies';
import type { TimeRange } from '../../../utils/video-search/time-range';
import { claimKey } from './claims';
import type { McpPurchaseParts } from './context';

export type SearchBuy<T> = {
  ids: string[];
  query: string;
  range: TimeRange;
  /** Which videos the answer delivered and which failed for free. */
  settle: (raw: unknown) => { delivered: string[]; free: string[] };
  /** Keeps what the answer found; runs before anyone waiting for these videos looks again. */
  keep: (raw: unknown, sent: string[]) => Promise<T>;
};

/** What was sent (and kept), and the videos another purchase of the same search was buying (none sent). */
export type SearchBought<T> = { sent: string[]; busy: string[]; kept: T | null };

/** What the server's schema allows for a search: videos per call, or why it cannot be said (nothing is sent). */
export type SearchPlan = { perCall: number; refusal: string | null };

/** The hold of one video for one search (the words as findings are keyed, and the range). */
const searchKey = (account: string, videoId: string, query: string, range: TimeRange) =>
  claimKey.search(account, videoId, `${range.from ?? ''}-${range.to ?? ''}:${queryKey(query)}`);

/**
 * MCP search_transcript through the till: 1 Cloud Request per video searched, each video held account-wide for
 * these words and range while it is bought, so two tabs confirming the same search buy each video once; the
 * second waits (`settled`) and reads the findings the first kept.
 */
export function createSearchPurchase({ account: accountOf, mcp, tools, claims, record }: McpPurchaseParts) {
  /** The server refused arguments written from the schema held (JSON-RPC -32602, or its SDK's input validation). */
  const refusedArguments = (error: unknown) =>
    isServiceError(error) &&
    (error.code === 'mcp_refused' || (error.code === 'tool_error' && /-32602|input validation/i.test(error.message)));

  return {
    /**
     * Free: how many videos one call of this search may carry, by the schema the server publishes, or the sentence
     * saying what it has no way to say. A list that cannot be read now is no refusal: the purchase reads it again.
     */
    async plan(run: { ids: readonly string[]; query: string; range: TimeRange }): Promise<SearchPlan> {
      const values = { videos: run.ids.slice(0, 1), query: run.query, from: run.range.from, to: run.range.to };
      try {
        const mapped = await tools.args('search_transcript', values);
        return { perCall: mapped.videosPerCall ?? MCP_VIDEOS_PER_CALL, refusal: null };
      } catch (error) {
        if (isServiceError(error) && error.code === 'tool_schema') {
          return { perCall: MCP_VIDEOS_PER_CALL, refusal: error.sentence ?? error.message };
        }
        return { perCall: MCP_VIDEOS_PER_CALL, refusal: null };
      }
    },
    async buy<T>(args: SearchBuy<T>): Promise<SearchBought<T>> {
      const account = await accountOf();
      const { query, range } = args;
      const keys = args.ids.map((id) => searchKey(account, id, query, range));
      // No await between the check and the hold: another purchase of the same search waits for this one.
      const hold = claims.hold(keys);
      const ids = args.ids.filter((_, i) => hold.held.includes(keys[i] ?? ''));
      const busy = args.ids.filter((id) => !ids.includes(id));
      try {
        if (ids.length === 0) return { sent: [], busy, kept: null };
        // Named and typed as the server's schema says; what it cannot say is refused here, before anything is sent.
        const { args: toolArgs } = await tools.args('search_transcript', {
          videos: ids,
          query,
          from: range.from,
          to: range.to,
        });
        const subject = { ids, query, range: { from: range.from, to: range.to } };
        const raw = await mcp((options) =>
          record(
            { account, kind: 'search', path: 'search', subject, price: searchPrice(ids.length) },
            () => callTool(options, 'search_transcript', toolArgs),
            (answer) => {
              const s = args.settle(answer);
              return { ...s, chargedCloudRequests: s.delivered.length, chargedAiUnits: 0 };
            },
          ),
        ).catch((error: unknown) => {
          if (refusedArguments(error)) tools.forget();
          throw error;
        });
        return { sent: ids, busy, kept: await args.keep(raw, ids) };
      } finally {
        hold.release();
      }
    },
    /** Resolves when no purchase holds these videos for this search (then what they found is kept). */
    async settled(ids: readonly string[], query: string, range: TimeRange): Promise<void> {
      const account = await accountOf();
      await claims.settled(ids.map((id) => searchKey(account, id, query, range)));
    },
  };
}
