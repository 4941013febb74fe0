import { errorSentence } from '../../../utils/api/error-text';
import { ServiceError } from '../../../utils/api/errors';
import type { TranscriptResponse } from '../../../utils/api/read/transcripts';
import { isTranscriptFailure, RETRYABLE_VIDEO_ERRORS } from '../../../utils/api/schemas';
import { t } from '../../../utils/i18n/catalogue';
import type { TranscriptFailed, TranscriptQuote, TranscriptReply } from '../../../utils/panel/replies';
import type { SpendPath } from '../../../utils/till/journal';
import {
  AUDIO_AI_UNITS_PER_MINUTE,
  audioPossible,
  transcriptPrice as priceOfTranscripts,
  priceSentence,
} from '../../../utils/till/price';
import { freshAccount } from '../account/account';
import { accountStore } from '../core/account-store';
import type { Core } from '../core/core';
import { storageProblem } from '../core/keeper';
import { asShown, savedTranscript, storeDelivered } from '../saved/transcripts';
import type { Till } from '../till';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'inflight' | 'keeper' | 'mcp' | 'setPlan'> & { till: Till };

const RETRYABLE = new Set<string>(RETRYABLE_VIDEO_ERRORS);

/** The price of loading a transcript, with what audio transcription may add on a paid plan. */
export async function transcriptPrice(core: CoreNeeds): Promise<Omit<TranscriptQuote, 'quoteId'>> {
  // The plan decides whether audio transcription may add AI Units, and the balance is shown: both fresh, free.
  const account = await freshAccount(core);
  return {
    cloudRequests: 1,
    balance: account.cloudRequests,
    // Free covers no audio transcription (spec: Billing rule 3); an unknown plan may be a paid one.
    audio: audioPossible(account.plan, account.aiTopUp)
      ? { aiUnitsPerMinute: AUDIO_AI_UNITS_PER_MINUTE, paidPlanOnly: true }
      : null,
  };
}

/**
 * Buys the transcript of one video (1 Cloud Request when delivered) through the till: one call that every tab
 * asking at the same time shares. A bulk batch carrying the video is waited for, and what it saved is shown
 * instead of buying it again. Failed lookups are not saved (they are free, and may heal). A delivered
 * transcript is shown even when saving it fails.
 */
export async function buyTranscript(
  core: CoreNeeds,
  videoId: string,
  lang: string,
  path: SpendPath = 'panel',
): Promise<TranscriptReply> {
  return core.inflight.join(`transcript:${videoId}:${lang}`, async () => {
    for (;;) {
      if ((await core.till.transcriptsBusy([videoId])).length > 0) {
        await core.till.transcriptsSettled([videoId]);
        const saved = await savedTranscript(core, videoId, lang);
        if (saved && !saved.otherTrack) return saved;
        // The person asked before knowing that purchase's answer would never arrive: nothing is sent now.
        if ((await core.till.unknownTranscripts()).has(videoId)) throw await waitedForUnknown();
      }
      let shown: TranscriptReply | null = null;
      let savedMeanwhile: TranscriptReply | null = null;
      const bought = await core.till.buyTranscripts({
        ids: [videoId],
        lang,
        path,
        priority: 'interactive',
        // A purchase that ended after the caller looked (another tab's Load of the same video, pressed at once)
        // saved it: nothing is sent. One still on its way holds the video, and this Load then waits for it.
        onTurn: async (ids) => {
          const saved = await savedTranscript(core, videoId, lang);
          if (!saved || saved.otherTrack) return ids;
          savedMeanwhile = saved;
          return [];
        },
        keep: async (response) => {
          shown = await shownOf(core, videoId, lang, response);
        },
      });
      if (savedMeanwhile) return savedMeanwhile;
      // Another purchase took the video between the look and the turn: wait for it and look again.
      if (bought.response === null) continue;
      return shown ?? failed(videoId, 'bad_response', t('background.error.transcript.noResult'), null);
    }
  });
}

/**
 * The purchase a Load waited for (a bulk batch, another tab's) may have been charged without its answer
 * arriving. Buying again now could charge the video twice, so the person is told first, with the price.
 */
async function waitedForUnknown(): Promise<ServiceError> {
  const { plan, aiUnits, aiTopUp } = await accountStore.get();
  const price = priceSentence(priceOfTranscripts({ count: 1, plan, aiBalance: aiUnits, aiTopUp }));
  const sentence = t('background.error.transcript.unknownWaited', { price });
  return new ServiceError(0, 'unknown_outcome', sentence, undefined, { mayHaveCharged: true }, sentence);
}

/** What the panel shows of an answer, after keeping what it delivered. */
async function shownOf(
  core: CoreNeeds,
  videoId: string,
  lang: string,
  response: TranscriptResponse,
): Promise<TranscriptReply> {
  const result = response.results.find((r) => r.id === videoId) ?? response.results[0];
  if (!result) return failed(videoId, 'bad_response', t('background.error.transcript.noResult'), null);
  if (isTranscriptFailure(result)) {
    const plan = (await accountStore.get()).plan;
    const audioOffer =
      result.error === 'no_transcript'
        ? {
            aiUnitsPerMinute: AUDIO_AI_UNITS_PER_MINUTE,
            cloudRequests: 1,
            paidPlanNeeded: plan === null || plan === 'free',
          }
        : null;
    return failed(videoId, result.error, errorSentence(result.error, result.message), audioOffer);
  }
  const { value, stored } = await storeDelivered(core, videoId, lang, result);
  return { ...asShown(value, lang, false), ...(!stored && { storageProblem: storageProblem() }) };
}

function failed(
  videoId: string,
  code: string,
  message: string,
  audioOffer: TranscriptFailed['audioOffer'],
): TranscriptFailed {
  return { status: 'failed', videoId, code, message, retryable: RETRYABLE.has(code), charged: false, audioOffer };
}
