import type { createApiClient } from '../../../utils/api/client';
import type { McpOptions } from '../../../utils/api/mcp';
import type { WatchResponse } from '../../../utils/api/read/job';
import type { TranscriptResponse } from '../../../utils/api/read/transcripts';
import { isTranscriptFailure, type WatchRequest } from '../../../utils/api/schemas';
import type { Lane, Priority } from '../../../utils/scheduler';
import { analysisStartCharge, journalledJobIds } from '../../../utils/till/analysis-charge';
import {
  isOpenUnknown,
  type JournalEntry,
  type Price,
  type SpendKind,
  type SpendPath,
  unknownTranscripts,
} from '../../../utils/till/journal';
import { askPrice, listingPrice, transcriptPrice } from '../../../utils/till/price';
import { accountStore } from '../core/account-store';
import type { ToolSchemas } from '../core/tool-schemas';
import { claimKey, createClaims } from './claims';
import { type JournalStore, journalStore } from './journal-store';
import { createListingClaims, type ListingAfter, type ListingBought } from './listing-claims';
import { createRangePurchase } from './range';
import { createRecorder } from './record';
import { createSearchPurchase } from './search';

type Client = ReturnType<typeof createApiClient>;

/** The part of the background's core the till sends through (core.ts builds the till from it). */
export type TillCore = {
  account(): Promise<string>;
  rest<T>(
    lane: Lane,
    priority: Priority,
    call: (client: Client) => Promise<T>,
    signal?: AbortSignal,
    onStatus?: (status: number) => void,
  ): Promise<T>;
  mcp<T>(call: (options: McpOptions) => Promise<T>): Promise<T>;
  /** The MCP tools' arguments by the server's published schema (../core/tool-schemas.ts). */
  tools: ToolSchemas;
};

export type TillDeps = { journal?: JournalStore; now?: () => number };

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

/**
 * The till: every request that can cost anything goes through here (test/unit/till-only.test.ts keeps it so).
 * It journals the intent before sending and the outcome after (./record.ts), holds what is being bought
 * account-wide so no two paths buy the same thing at once (./claims.ts), and tells every path which videos
 * may have been charged without reaching us, so none buys them again by itself.
 */
export function createTill(core: TillCore, deps: TillDeps = {}) {
  const journal = deps.journal ?? journalStore;
  const now = deps.now ?? Date.now;
  const claims = createClaims();
  const startedAt = now();
  const recovered = new Map<string, Promise<void>>();
  const ready = (account: string): Promise<void> => {
    let done = recovered.get(account);
    if (!done) {
      // Intents this worker did not write and never settled: a stopped worker's, so unknown.
      done = journal.recover(account, startedAt).catch(() => undefined);
      recovered.set(account, done);
    }
    return done;
  };
  const record = createRecorder(journal, now, ready);
  const search = createSearchPurchase({ account: core.account, mcp: core.mcp, tools: core.tools, claims, record });
  const listingClaims = createListingClaims(claims);
  const range = createRangePurchase({ account: core.account, mcp: core.mcp, tools: core.tools, claims, record });
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
          );
          await args.keep(response, mine);
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

    /**
     * One channel listing: 1 Cloud Request when it succeeds; a per-channel failure is free. One listing purchase
     * at a time per account (./listing-claims.ts): `sent` is empty when another purchase listed it meanwhile.
     */
    async buyListing(channel: string, path: SpendPath, after: ListingAfter): Promise<ListingBought> {
      const account = await core.account();
      return listingClaims.buy(account, [channel], after, (sent) =>
        core.rest('rest', 'interactive', (client) =>
          record(
            { account, kind: 'listing', path, subject: { ids: [], channel }, price: listingPrice() },
            () => client.channels(sent),
            (r) => {
              const ok = r.results.filter((x) => typeof x.error !== 'string');
              return {
                delivered: ok.map(() => channel),
                free: ok.length > 0 ? [] : [channel],
                chargedCloudRequests: ok.length > 0 ? 1 : 0,
                chargedAiUnits: 0,
              };
            },
          ),
        ),
      );
    },

    /**
     * Several channels in one request (the caller keeps it within the plan's channels per request): 1 Cloud
     * Request per channel listed; a per-channel failure is free. A channel another purchase is listing is waited
     * for and not sent when that purchase listed it.
     */
    async buyListings(channels: string[], path: SpendPath, after: ListingAfter): Promise<ListingBought> {
      const account = await core.account();
      return listingClaims.buy(account, channels, after, (sent) => {
        const price: Price = { ...listingPrice(), cloudRequests: listingPrice().cloudRequests * sent.length };
        return core.rest('rest', 'interactive', (client) =>
          record(
            { account, kind: 'listing', path, subject: { ids: [], channel: sent.join(', ') }, price },
            () => client.channels(sent),
            (r) => {
              const ok = new Set(r.results.filter((x) => typeof x.error !== 'string').map((x) => x.id));
              const delivered = sent.filter((c) => ok.has(c));
              return {
                delivered,
                free: sent.filter((c) => !ok.has(c)),
                chargedCloudRequests: delivered.length * listingPrice().cloudRequests,
                chargedAiUnits: 0,
              };
            },
          ),
        );
      });
    },

    /**
     * Starts an analysis at the price the person agreed to, journalled at what the spec says it charged: 0 when
     * the account already had the job (../../../utils/till/analysis-charge.ts). `knownJobIds`: the jobs of this
     * video the extension's records know.
     */
    async startAnalysis(
      request: WatchRequest,
      price: Price,
      path: SpendPath,
      knownJobIds: readonly number[] = [],
    ): Promise<WatchResponse> {
      const account = await core.account();
      await ready(account);
      const known = new Set([...knownJobIds, ...journalledJobIds(await journal.list(account), request.id)]);
      const subject = { ids: [request.id], mode: request.mode ?? 'smart', partial: request.partial ?? false };
      let httpStatus: number | null = null;
      return core.rest(
        'watchStart',
        'interactive',
        (client) =>
          record(
            { account, kind: 'analysis', path, subject, price },
            () => client.startAnalysis(request),
            (job) => ({
              delivered: [job.unnumbered ? request.id : String(job.jobId)],
              free: [],
              chargedCloudRequests: 0,
              chargedAiUnits: analysisStartCharge({ ...job, httpStatus }, known, price.aiUnits),
            }),
          ),
        undefined,
        (status) => {
          httpStatus = status;
        },
      );
    },

    /** One question of a ready analysis: 1 AI Unit. */
    async ask(videoId: string, jobId: number, question: string): Promise<unknown> {
      const account = await core.account();
      const subject = { ids: [videoId], jobId, question };
      return core.rest('rest', 'interactive', (client) =>
        record(
          { account, kind: 'ask', path: 'panel', subject, price: askPrice() },
          () => client.ask(jobId, question),
          () => ({ delivered: [videoId], free: [], chargedCloudRequests: 0, chargedAiUnits: askPrice().aiUnits }),
        ),
      );
    },

    /** One MCP search_transcript call over at most 25 videos, held per video and search (./search.ts). */
    buySearch: search.buy,
    /** How many videos one search call may carry, or why the server's schema cannot say this search (free). */
    searchPlan: search.plan,
    /** Resolves when no purchase holds these videos for this search. */
    searchSettled: search.settled,
    /** One MCP get_transcript call for a part of one video, held per video and part (./range.ts). */
    buyRange: range.buy,
    /** Why the server's schema cannot say this part, or null (free). */
    rangeRefusal: range.refusal,
    /** Resolves when no purchase holds this part. */
    rangeSettled: range.settled,

    /** Videos whose transcript may have been charged without reaching us (no automatic path buys them). */
    async unknownTranscripts(): Promise<Set<string>> {
      const account = await core.account();
      await ready(account);
      return unknownTranscripts(await journal.list(account));
    },
    /** The open unknown entries of one bulk run (a run resumed after a restart sets their videos aside). */
    async unknownOfRun(runId: string): Promise<string[]> {
      const account = await core.account();
      await ready(account);
      const entries = await journal.list(account);
      return entries
        .filter((e) => e.subject.runId === runId && e.outcome?.state === 'unknown' && e.resolvedAt === null)
        .flatMap((e) => e.subject.ids);
    },
    history: async () => {
      const account = await core.account();
      await ready(account);
      return journal.list(account);
    },
    /**
     * Purchases of this kind that may have been charged without their answer arriving, unsettled (a stopped
     * worker's included): each view that offers the same purchase again says so, with the price.
     */
    async openUnknown(kind: SpendKind): Promise<JournalEntry[]> {
      const account = await core.account();
      await ready(account);
      return (await journal.list(account)).filter((e) => e.kind === kind && isOpenUnknown(e));
    },
  };
}

export type Till = ReturnType<typeof createTill>;

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
