import { errorSentence } from '../../utils/api/error-text';
import { isTranscriptFailure, RETRYABLE_VIDEO_ERRORS, type TranscriptSuccess } from '../../utils/api/schemas';
import { isFresh } from '../../utils/cache';
import type { TranscriptFailed, TranscriptOk, TranscriptReply } from '../../utils/views';
import { accountStore } from './account-store';
import type { Core } from './core';

export const TRANSCRIPT_TTL_MS = 7 * 24 * 3600 * 1000;
const RETRYABLE = new Set<string>(RETRYABLE_VIDEO_ERRORS);

type Cached = Omit<TranscriptOk, 'fromCache'>;

/**
 * The transcript of one video in one language: from the cache while fresh, else one call that every tab
 * asking at the same time shares. Failed lookups are not cached (they are free, and may heal).
 */
export async function getTranscript(
  core: Core,
  videoId: string,
  lang: string,
  retry = false,
): Promise<TranscriptReply> {
  const key = `${videoId}:${lang}`;
  const cache = await core.cache();
  if (!retry) {
    const hit = await cache.get<Cached>('transcript', key);
    if (hit && isFresh(hit, TRANSCRIPT_TTL_MS, Date.now())) return { ...hit.value, fromCache: true };
  }
  return core.inflight.join(`transcript:${key}`, async () => {
    const response = await core.rest('rest', 'interactive', (client) => client.transcripts({ ids: [videoId], lang }));
    const result = response.results.find((r) => r.id === videoId) ?? response.results[0];
    if (!result) {
      return failed(videoId, 'bad_response', 'The service answered without a result for this video.', null);
    }
    if (isTranscriptFailure(result)) {
      const plan = (await accountStore.get()).plan;
      const audioOffer =
        result.error === 'no_transcript'
          ? { aiUnitsPerMinute: 3, cloudRequests: 1, paidPlanNeeded: plan === null || plan === 'free' }
          : null;
      return failed(videoId, result.error, errorSentence(result.error, result.message), audioOffer);
    }
    const value = toView(videoId, lang, result);
    await cache.put('transcript', key, value);
    return { ...value, fromCache: false };
  });
}

function failed(
  videoId: string,
  code: string,
  message: string,
  audioOffer: TranscriptFailed['audioOffer'],
): TranscriptFailed {
  return { status: 'failed', videoId, code, message, retryable: RETRYABLE.has(code), charged: false, audioOffer };
}

function toView(videoId: string, lang: string, result: TranscriptSuccess): Cached {
  const wanted = lang.toLowerCase().split('-')[0] ?? lang;
  return {
    status: 'ok',
    videoId,
    requestedLang: lang,
    fellBack: !result.languageCode.toLowerCase().startsWith(wanted),
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

/** The video's length from a cached transcript in any language (end of its last cue), or null. */
export async function transcriptDuration(core: Core, videoId: string): Promise<number | null> {
  const cache = await core.cache();
  for (const key of await cache.keys('transcript')) {
    if (!key.startsWith(`${videoId}:`)) continue;
    const hit = await cache.get<Cached>('transcript', key);
    const last = hit?.value.segments.at(-1);
    if (last) return last.start + last.duration;
  }
  return null;
}
