import type { TranscriptSuccess } from '../../../utils/api/schemas';
import { isFresh } from '../../../utils/cache';
import type { TranscriptOk } from '../../../utils/panel/replies';
import type { Core } from '../core/core';

/** The shared services this module uses: only the keeper (reading and saving is free). */
type CoreNeeds = Pick<Core, 'keeper'>;

export const TRANSCRIPT_TTL_MS = 7 * 24 * 3600 * 1000;

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

/** A saved transcript as the panel shows it, for the language asked. */
export function asShown(value: Cached, lang: string, fromCache: boolean): TranscriptOk {
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

/** The video's saved tracks, one language at a time: read lazily, so a caller that found what it wanted stops. */
export async function* savedTracks(core: CoreNeeds, videoId: string): AsyncGenerator<Cached> {
  for (const key of await core.keeper.keys('transcript', `${videoId}:`)) {
    const hit = await core.keeper.get<Cached>('transcript', key);
    if (hit) yield hit.value;
  }
}

/**
 * The video's length from a transcript the service delivered, in any language (end of its last cue), or null.
 * An imported track is never used: a file's cues could end early and make an analysis look cheaper.
 */
export async function transcriptDuration(core: CoreNeeds, videoId: string): Promise<number | null> {
  for await (const track of savedTracks(core, videoId)) {
    if (track.source === 'import') continue;
    const last = track.segments.at(-1);
    if (last) return last.start + last.duration;
  }
  return null;
}

/** The video's title from a saved transcript of it, in any language, or null. */
export async function savedTitle(core: CoreNeeds, videoId: string): Promise<string | null> {
  for await (const track of savedTracks(core, videoId)) if (track.title) return track.title;
  return null;
}

/** The language code of a saved transcript of the video (the one the person loaded), or null. */
export async function savedLanguage(core: CoreNeeds, videoId: string): Promise<string | null> {
  const [key] = await core.keeper.keys('transcript', `${videoId}:`);
  return key ? key.slice(videoId.length + 1) : null;
}
