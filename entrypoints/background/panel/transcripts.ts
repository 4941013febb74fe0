import { errorSentence } from '../../../utils/api/error-text';
import { ServiceError } from '../../../utils/api/errors';
import type { TranscriptResponse } from '../../../utils/api/read/transcripts';
import { isTranscriptFailure, RETRYABLE_VIDEO_ERRORS, type TranscriptSuccess } from '../../../utils/api/schemas';
import { isFresh } from '../../../utils/cache';
import { t } from '../../../utils/i18n/catalogue';
import type { TranscriptFailed, TranscriptOk, TranscriptQuote, TranscriptReply } from '../../../utils/panel/replies';
import type { SpendPath } from '../../../utils/till/journal';
import {
  AUDIO_AI_UNITS_PER_MINUTE,
  audioPossible,
  transcriptPrice as priceOfTranscripts,
  priceSentence,
} from '../../../utils/till/price';
import { freshAccount } from '../account/account';
import { accountStore } from '../account/store';
import type { Core } from '../core/core';
import { storageProblem } from '../core/keeper';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'inflight' | 'keeper' | 'mcp' | 'setPlan' | 'till'>;

export const TRANSCRIPT_TTL_MS = 7 * 24 * 3600 * 1000;
const RETRYABLE = new Set<string>(RETRYABLE_VIDEO_ERRORS);

/** A transcript as it is saved (per track): what the library lists, exports and imports. */
export type SavedTranscript = Omit<
  TranscriptOk,
  'fromCache' | 'requestedLang' | 'fellBack' | 'storageProblem' | 'otherTrack'
> & {
  /** `import`: it came from a library file, not the service. Shown and searched, but it never prices anything. */
  source?: 'import';
};
type Cached = SavedTranscript;

const base = (code: string) => code.toLowerCase().split('-')[0] ?? code.toLowerCase();

function asShown(value: Cached, lang: string, fromCache: boolean): TranscriptOk {
  const { source: _source, ...shown } = value;
  return { ...shown, requestedLang: lang, fellBack: base(value.languageCode) !== base(lang), fromCache };
}

/**
 * A saved transcript of the video, free. Transcripts are saved per track (`videoId:languageCode`), so a
 * track bought once serves every preferred language: the wanted language's track when saved, else any
 * saved track of the video (the service falls back to the video's own language anyway).
 */
export async function savedTranscript(
  core: CoreNeeds,
  videoId: string,
  lang: string,
  /** The transcript keys when the caller read them already (one read for a whole selection). */
  known?: readonly string[],
): Promise<TranscriptOk | null> {
  // The reads at once: every watch page and navigation waits for this lookup (panel.open). The track of the
  // language asked for is read with them, the usual answer; when another track is the one wanted, it is read after.
  const guess = `${videoId}:${lang}`;
  const [stored, fallback, guessed] = await Promise.all([
    known ?? core.keeper.keys('transcript', `${videoId}:`),
    // The track this language was answered with before (a fallback), so it is never bought again.
    core.keeper.get<string>('meta', fallbackKey(videoId, lang)),
    // Not for a caller that read the keys of a whole selection: it reads only what is saved.
    known ? undefined : core.keeper.get<Cached>('transcript', guess),
  ]);
  const keys = stored.filter((k) => k.startsWith(`${videoId}:`));
  const answered = fallback?.value;
  const wanted = keys.find((k) => base(k.slice(videoId.length + 1)) === base(answered ?? lang));
  for (const key of wanted ? [wanted, ...keys.filter((k) => k !== wanted)] : keys) {
    const hit = key === guess && guessed ? guessed : await core.keeper.get<Cached>('transcript', key);
    if (hit && isFresh(hit, TRANSCRIPT_TTL_MS, Date.now())) {
      return { ...asShown(hit.value, lang, true), otherTrack: key !== wanted };
    }
  }
  return null;
}

const fallbackKey = (videoId: string, lang: string) => `fallback:${videoId}:${base(lang)}`;

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
export async function loadTranscript(
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

/** A batch's delivered transcripts as they are saved (stamped now). */
export function savedOf(delivered: readonly { videoId: string; result: TranscriptSuccess }[]): SavedTranscript[] {
  return delivered.map(({ videoId, result }) => toSaved(videoId, result));
}

/**
 * Saves a batch's transcripts (savedOf) in one write: a bulk run's 50 would otherwise be 50 writes. A failed
 * write keeps them in the keeper's memory, which retries it.
 */
export async function storeSavedMany(core: CoreNeeds, lang: string, values: readonly SavedTranscript[]) {
  await core.keeper.putMany(
    'transcript',
    values.map((value) => ({ key: `${value.videoId}:${value.languageCode}`, value })),
  );
  const fellBack = values.filter((v) => base(v.languageCode) !== base(lang));
  if (fellBack.length > 0) {
    const entries = fellBack.map((v) => ({ key: fallbackKey(v.videoId, lang), value: v.languageCode }));
    await core.keeper.putMany('meta', entries);
  }
}

/** Saves a delivered transcript per track (and the fallback it answered), so it is never bought again. */
export async function storeDelivered(core: CoreNeeds, videoId: string, lang: string, result: TranscriptSuccess) {
  const value = toSaved(videoId, result);
  const stored = await core.keeper.put('transcript', `${videoId}:${value.languageCode}`, value);
  if (base(value.languageCode) !== base(lang))
    await core.keeper.put('meta', fallbackKey(videoId, lang), value.languageCode);
  return { value, stored };
}

function failed(
  videoId: string,
  code: string,
  message: string,
  audioOffer: TranscriptFailed['audioOffer'],
): TranscriptFailed {
  return { status: 'failed', videoId, code, message, retryable: RETRYABLE.has(code), charged: false, audioOffer };
}

function toSaved(videoId: string, result: TranscriptSuccess): Cached {
  return {
    status: 'ok',
    videoId,
    fetchedAt: Date.now(),
    title: result.title,
    author: result.author,
    language: result.language,
    languageCode: result.languageCode,
    isGenerated: result.isGenerated,
    text: result.text,
    segments: result.segments.map(({ text, start, duration }) => ({ text, start, duration })),
  };
}

/**
 * The video's length from a transcript the service delivered, in any language (end of its last cue), or null.
 * An imported track is never used: a file's cues could end early and make an analysis look cheaper.
 */
export async function transcriptDuration(core: CoreNeeds, videoId: string): Promise<number | null> {
  for (const key of await core.keeper.keys('transcript', `${videoId}:`)) {
    const hit = await core.keeper.get<Cached>('transcript', key);
    if (hit?.value.source === 'import') continue;
    const last = hit?.value.segments.at(-1);
    if (last) return last.start + last.duration;
  }
  return null;
}

/** The video's title from a saved transcript of it, in any language, or null. */
export async function savedTitle(core: Pick<Core, 'keeper'>, videoId: string): Promise<string | null> {
  for (const key of await core.keeper.keys('transcript', `${videoId}:`)) {
    const title = (await core.keeper.get<Cached>('transcript', key))?.value.title;
    if (title) return title;
  }
  return null;
}

/** The language code of a saved transcript of the video (the one the person loaded), or null. */
export async function savedLanguage(core: CoreNeeds, videoId: string): Promise<string | null> {
  const [key] = await core.keeper.keys('transcript', `${videoId}:`);
  return key ? key.slice(videoId.length + 1) : null;
}
