import type { WatchResponse } from '../../../utils/api/read/job';
import type { WatchRequest } from '../../../utils/api/schemas';
import { analysisStartCharge, journalledJobIds } from '../../../utils/till/analysis-charge';
import type { Price, SpendPath } from '../../../utils/till/journal';
import { askPrice } from '../../../utils/till/price';
import type { TillParts } from './context';

/** Analyses and questions through the till, journalled at what the spec says they charged. */
export function createAnalysisPurchase({ core, record, journal, ready, freshBalances }: TillParts) {
  return {
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
      // The balance just before is what tells another device's queued job (no charge) from a new one.
      await freshBalances();
      const subject = { ids: [request.id], mode: request.mode ?? 'smart', partial: request.partial ?? false };
      let httpStatus: number | null = null;
      return core.rest(
        'watchStart',
        'interactive',
        (client) =>
          record(
            { account, kind: 'analysis', path, subject, price },
            () => client.startAnalysis(request),
            (job, before) => ({
              delivered: [job.unnumbered ? request.id : String(job.jobId)],
              free: [],
              chargedCloudRequests: 0,
              chargedAiUnits: analysisStartCharge({ ...job, httpStatus }, known, price.aiUnits, {
                before: before.aiUnits,
                after: job.aiUnitsRemaining ?? null,
              }),
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
  };
}
