import type { TranscriptResponse } from '../../../utils/api/read/transcripts';
import { isTranscriptFailure } from '../../../utils/api/schemas';
import type { Priority } from '../../../utils/scheduler';
import type { Price, SpendPath } from '../../../utils/till/journal';
import { transcriptPrice } from '../../../utils/till/price';
import { accountStore } from '../core/account-store';
import { claimKey } from './claims';
import type { TillParts } from './context';

export type TranscriptBuy = {
  ids: string[];
  lang: string;
  path: SpendPath;
  priority: Priority;
  signal?: AbortSignal;
  runId?: string;
  /** Lengths known from the page, in seconds, for the worst case of audio transcription. */
  knownSeconds?: readonly number[];
  /** Inside the request's turn: the ids still to buy (those saved meanwhile dropped); none sends nothing. */
  onTurn?: (ids: string[]) => Promise<string[]>;
  /** Keeps what was delivered; runs before anyone waiting for these videos looks again. */
  keep: (response: TranscriptResponse, sent: string[]) => Promise<void>;
  /** The answer's HTTP status, as soon as its headers arrive (before its body is read and journaled). */
  onStatus?: (status: number) => void;
};

export type TranscriptBought = { sent: string[]; busy: string[]; response: TranscriptResponse | null };

/** Videos a purchase took since the watch began (till.watchTranscripts); `stop` when no longer asked. */
export type TranscriptWatch = { takenAmong: (ids: readonly string[]) => string[]; stop: () => void };

/** Transcripts through the till: held per video account-wide, journalled, settled per video delivered. */
export function createTranscriptPurchase({ core, claims, record }: TillParts) {
  const transcriptKeys = (account: string, ids: readonly string[]) => ids.map((id) => claimKey.transcript(account, id));

  async function buyTranscripts(args: TranscriptBuy): Promise<TranscriptBought> {
    const account = await core.account();
    const { plan, aiUnits, aiTopUp } = await accountStore.get();
    return core.rest(
      'rest',
      args.priority,
      async (client) => {
        const wanted = args.onTurn ? await args.onTurn(args.ids) : args.ids;
        const keys = transcriptKeys(account, wanted);
        // No await between the check and the hold: another purchase of the same video waits for this one.
        const hold = claims.hold(keys);
        const mine = wanted.filter((_, i) => hold.held.includes(keys[i] ?? ''));
        const busy = wanted.filter((id) => !mine.includes(id));
        if (mine.length === 0) {
          hold.release();
          return { sent: [], busy, response: null };
        }
        try {
          const price: Price = transcriptPrice({
            count: mine.length,
            plan,
            aiBalance: aiUnits,
            aiTopUp,
            ...(args.knownSeconds && { knownSeconds: args.knownSeconds }),
          });
          const subject = { ids: mine, lang: args.lang, ...(args.runId && { runId: args.runId }) };
          const response = await record(
            { account, kind: 'transcript', path: args.path, subject, price },
            () => client.transcripts({ ids: mine, lang: args.lang }),
            (r) => settleTranscripts(r, mine),
            // Saved while the outcome is journaled; both before the hold lets anyone look again.
            (r) => args.keep(r, mine),
          );
          return { sent: mine, busy, response };
        } finally {
          hold.release();
        }
      },
      args.signal,
      args.onStatus,
    );
  }

  return {
    buyTranscripts,
    /** Of these videos, those another purchase is buying right now. */
    async transcriptsBusy(ids: readonly string[]): Promise<string[]> {
      const account = await core.account();
      const busy = new Set(claims.busy(transcriptKeys(account, ids)));
      return ids.filter((id) => busy.has(claimKey.transcript(account, id)));
    },
    /**
     * From now on, which videos any purchase takes: a bulk batch formed after a look at what is saved asks at its
     * turn which of its videos were bought meanwhile, and looks in the cache only for those (claims.ts, watch).
     */
    async watchTranscripts(): Promise<TranscriptWatch> {
      const account = await core.account();
      const watch = claims.watch();
      return {
        takenAmong: (ids) => ids.filter((id) => watch.taken(claimKey.transcript(account, id))),
        stop: watch.stop,
      };
    },
    /** Resolves when no purchase holds these videos (then what they delivered is saved). */
    async transcriptsSettled(ids: readonly string[]): Promise<void> {
      await claims.settled(transcriptKeys(await core.account(), ids));
    },
  };
}

function settleTranscripts(response: TranscriptResponse, sent: readonly string[]) {
  const byId = new Map(response.results.map((r) => [r.id, r]));
  const delivered: string[] = [];
  const free: string[] = [];
  for (const id of sent) {
    // One video asked for and answered under another form of its id: that answer is its.
    const r = byId.get(id) ?? (sent.length === 1 ? response.results[0] : undefined);
    if (r && !isTranscriptFailure(r)) delivered.push(id);
    else free.push(id);
  }
  // Audio transcription's AI Units are not reported per video: the reconciliation shows them as a difference.
  return { delivered, free, chargedCloudRequests: delivered.length, chargedAiUnits: 0 };
}
