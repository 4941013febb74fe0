import { AUDIO_TRACK, chooseTrack, type Track, type Video } from './catalog';
import { createRng } from './prng';
import type { Segment } from './response-schemas';
import { asAutoCaption, closingSentence, frameDescription, openingSentence, sentence } from './words';

/** A stored frame: the on-screen content at a time (visual evidence). */
export type Frame = { time: number; description: string };

const round = (n: number): number => Math.round(n * 100) / 100;
const cache = new Map<string, Segment[]>();
const CACHE_LIMIT = 40;

function remember<T extends Segment[]>(key: string, value: T): T {
  if (cache.size >= CACHE_LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, value);
  return value;
}

/** Caption cues covering the whole video; the last cue ends exactly at the video's duration. */
export function segmentsFor(video: Video, track: Track): Segment[] {
  const key = `${video.id}:${track.languageCode}:${track.isGenerated}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const rng = createRng(`cues:${key}`);
  const end = video.durationSeconds;
  const segments: Segment[] = [];
  let start = 0.5;
  while (start < end) {
    const length = video.cueSeconds * (0.75 + rng.next() * 0.5);
    const last = start + length + 1.5 > end;
    const duration = last ? end - start : length;
    const text =
      segments.length === 0
        ? openingSentence(track.style, video.topic)
        : last
          ? closingSentence(track.style, video.topic)
          : sentence(track.style, video.topic, rng);
    segments.push({
      text: track.isGenerated ? asAutoCaption(text) : text,
      start: round(start),
      duration: round(duration),
    });
    start = round(start + duration + (last ? 0 : rng.next() * 0.3));
  }
  const final = segments.at(-1);
  if (final) final.duration = round(end - final.start);
  return remember(key, segments);
}

/** Frames every `frameEvery` seconds from 0. */
export function framesFor(video: Video): Frame[] {
  const rng = createRng(`frames:${video.id}`);
  const frames: Frame[] = [{ time: 0, description: `Title card reading "${video.title}"` }];
  for (let time = video.frameEvery; time < video.durationSeconds; time += video.frameEvery) {
    frames.push({ time, description: frameDescription(video.topic, rng) });
  }
  return frames;
}

export function fullText(segments: readonly Segment[]): string {
  return segments.map((s) => s.text).join(' ');
}

/** What the analysis hears: the preferred caption track, else the audio transcription. */
export function speechFor(video: Video, lang: string): Segment[] {
  return segmentsFor(video, chooseTrack(video, lang) ?? AUDIO_TRACK);
}

/** m:ss or h:mm:ss. */
export function clock(seconds: number): string {
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
