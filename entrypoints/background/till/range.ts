import { isServiceError } from '../../../utils/api/errors';
import { callTool } from '../../../utils/api/mcp';
import { searchPrice } from '../../../utils/till/price';
import { claimKey } from './claims';
import type { McpPurchaseParts } from './context';

export type RangeBuy<T> = {
  videoId: string;
  from: number;
  to: number;
  /** Whether the answer delivered the part (charged) or said the video failed (free). */
  delivered: (raw: unknown) => boolean;
  /** Keeps what the answer brought; runs before anyone waiting for this part looks again. */
  keep: (raw: unknown) => Promise<T>;
};

/** What was kept, or null when another purchase of the same part was buying it (nothing sent). */
export type RangeBought<T> = { kept: T | null };

/**
 * MCP get_transcript for a part of one video through the till: 1 Cloud Request (spec: Tools), its from/to named
 * and typed as the server's schema says (utils/api/mcp-args.ts), journalled, and held account-wide while it is
 * bought, so two clicks or two tabs buy the same part once; the second waits (`settled`) and reads what was kept.
 */
export function createRangePurchase({ account: accountOf, mcp, tools, claims, record }: McpPurchaseParts) {
  return {
    /** Free: null when the server's schema can say this part, else the sentence saying what it cannot say. */
    async refusal(videoId: string, from: number, to: number): Promise<string | null> {
      try {
        await tools.args('get_transcript', { videos: [videoId], from, to });
        return null;
      } catch (error) {
        if (isServiceError(error) && error.code === 'tool_schema') return error.sentence ?? error.message;
        // A list that cannot be read now is no refusal: the purchase reads it again.
        return null;
      }
    },
    async buy<T>(args: RangeBuy<T>): Promise<RangeBought<T>> {
      const account = await accountOf();
      const { videoId, from, to } = args;
      // No await between the check and the hold: another purchase of the same part waits for this one.
      const hold = claims.hold([claimKey.range(account, videoId, from, to)]);
      try {
        if (hold.held.length === 0) return { kept: null };
        const { args: toolArgs } = await tools.args('get_transcript', { videos: [videoId], from, to });
        const subject = { ids: [videoId], range: { from, to } };
        const raw = await mcp((options) =>
          record(
            { account, kind: 'range', path: 'search', subject, price: searchPrice(1) },
            () => callTool(options, 'get_transcript', toolArgs),
            (answer) => {
              const ok = args.delivered(answer);
              return {
                delivered: ok ? [videoId] : [],
                free: ok ? [] : [videoId],
                chargedCloudRequests: ok ? 1 : 0,
                chargedAiUnits: 0,
              };
            },
          ),
        );
        return { kept: await args.keep(raw) };
      } finally {
        hold.release();
      }
    },
    /** Resolves when no purchase holds this part. */
    async settled(videoId: string, from: number, to: number): Promise<void> {
      await claims.settled([claimKey.range(await accountOf(), videoId, from, to)]);
    },
  };
}
