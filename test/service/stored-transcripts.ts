import type { Track, Video } from './catalog';
import { fullText, segmentsFor } from './media';
import type { TranscriptResult, TranscriptSuccess } from './response-schemas';

/**
 * The transcripts the service holds, each made once with its JSON: a real service keeps a fetched transcript
 * and sends what it keeps, it does not write 50 videos' cues and text anew and serialize them again for every
 * request. (Made afresh, a 50-video batch of @tvabig took this single-threaded double 30–250 ms, and the
 * requests queued behind it waited that long to arrive.) Bounded by cues, not videos, so the 9-hour videos do
 * not crowd out a channel's worth; the least recently delivered goes first.
 */
const KEPT_CUES = 400_000;

type Stored = { result: Readonly<TranscriptSuccess>; cues: number };
const kept = new Map<string, Stored>();
let keptCues = 0;
/** Each stored result's JSON, by the result itself: what the REST route sends of it. */
const jsonOf = new WeakMap<object, string>();

/** The transcript of this track of the video, as delivered: the same object (frozen) every time. */
export function storedTranscript(video: Video, track: Track): Readonly<TranscriptSuccess> {
  const key = `${video.id}:${track.languageCode}:${track.isGenerated}`;
  const hit = kept.get(key);
  if (hit) {
    kept.delete(key);
    kept.set(key, hit);
    return hit.result;
  }
  const segments = segmentsFor(video, track);
  const result: Readonly<TranscriptSuccess> = Object.freeze({
    id: video.id,
    title: video.title,
    author: video.author,
    language: track.language,
    languageCode: track.languageCode,
    isGenerated: track.isGenerated,
    text: fullText(segments),
    segments,
  });
  jsonOf.set(result, JSON.stringify(result));
  kept.set(key, { result, cues: segments.length });
  keptCues += segments.length;
  for (const [oldest, stored] of kept) {
    if (keptCues <= KEPT_CUES || oldest === key) break;
    kept.delete(oldest);
    keptCues -= stored.cues;
  }
  return result;
}

/** `JSON.stringify(results)`, with the stored transcripts' JSON as it was written when they were made. */
export function resultsJson(results: readonly TranscriptResult[]): string {
  return `[${results.map((r) => jsonOf.get(r) ?? JSON.stringify(r)).join(',')}]`;
}
