import type { CacheKind, StoredEntry } from './db';
import type { CacheEntry } from './types';

/**
 * A saved transcript as the cache stores it: its cues in four blocks (their starts and durations as Float64Arrays,
 * their texts' lengths as a Uint32Array, the texts as one string) instead of an object per cue. IndexedDB clones
 * every value it stores, one property at a time: the puts of a bulk run's last 250 transcripts (about 47,000 cues)
 * took the worker about 190 ms while the run's last answers and its file waited, 100 packed (docs/library.md).
 * Read back, the value is the one stored (each number exact, each text the same). A value whose cues are not
 * exactly `{ text, start, duration }` (string, number, number) is stored as it is, and so is every value stored
 * before this form: reading accepts both.
 */
const PACKED = 'packedSegments';

type Segment = { text: string; start: number; duration: number };
export type Packed = { starts: Float64Array; durations: Float64Array; lengths: Uint32Array; texts: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isPlainSegment(s: unknown): s is Segment {
  if (!isRecord(s) || typeof s.text !== 'string' || typeof s.start !== 'number' || typeof s.duration !== 'number')
    return false;
  let keys = 0;
  for (const _ in s) keys++;
  return keys === 3 && Object.getPrototypeOf(s) === Object.prototype;
}

/** The value to store: a transcript's cues in blocks, or the value itself when it has no plain cues to pack. */
export function packTranscript(value: unknown): unknown {
  if (!isRecord(value) || !Array.isArray(value.segments) || PACKED in value) return value;
  const segments: unknown[] = value.segments;
  const n = segments.length;
  const starts = new Float64Array(n);
  const durations = new Float64Array(n);
  const lengths = new Uint32Array(n);
  const texts: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const s = segments[i];
    if (!isPlainSegment(s)) return value;
    starts[i] = s.start;
    durations[i] = s.duration;
    lengths[i] = s.text.length;
    texts[i] = s.text;
  }
  const { segments: _segments, ...rest } = value;
  const packed: Packed = { starts, durations, lengths, texts: texts.join('') };
  return { ...rest, [PACKED]: packed };
}

function isPacked(p: unknown): p is Packed {
  if (!isRecord(p)) return false;
  const { starts, durations, lengths, texts } = p;
  if (!(starts instanceof Float64Array && durations instanceof Float64Array && lengths instanceof Uint32Array))
    return false;
  if (typeof texts !== 'string' || durations.length !== starts.length || lengths.length !== starts.length) return false;
  let total = 0;
  for (const length of lengths) total += length;
  return total === texts.length;
}

const NO_CUES: Packed = {
  starts: new Float64Array(0),
  durations: new Float64Array(0),
  lengths: new Uint32Array(0),
  texts: '',
};

/**
 * A stored transcript's other fields and its cues' blocks, read without an object per cue (the JSON export
 * writes its text from them); null for a value not stored packed.
 */
export function packedParts(value: unknown): { rest: Record<string, unknown>; packed: Packed } | null {
  if (!isRecord(value) || !(PACKED in value)) return null;
  const { [PACKED]: packed, ...rest } = value;
  // Not what packTranscript writes (a value stored by something else): read without its cues rather than wrong.
  return { rest, packed: isPacked(packed) ? packed : NO_CUES };
}

/** The value as it was given to the cache: a packed transcript's cues as objects again; anything else as read. */
export function unpackTranscript(value: unknown): unknown {
  const parts = packedParts(value);
  if (!parts) return value;
  const { starts, durations, lengths, texts } = parts.packed;
  const segments: Segment[] = new Array(starts.length);
  let at = 0;
  for (let i = 0; i < starts.length; i++) {
    const length = lengths[i] ?? 0;
    segments[i] = { text: texts.slice(at, at + length), start: starts[i] ?? 0, duration: durations[i] ?? 0 };
    at += length;
  }
  return { ...parts.rest, segments };
}

/** What a value is stored as: a transcript's cues packed; `bytes` stays the value's own JSON size. */
export const stored = (kind: CacheKind, value: unknown): unknown =>
  kind === 'transcript' ? packTranscript(value) : value;

export function toEntry<T>(entry: StoredEntry): CacheEntry<T> {
  const value = entry.kind === 'transcript' ? unpackTranscript(entry.value) : entry.value;
  return { value: value as T, storedAt: entry.storedAt, lastUsed: entry.lastUsed, bytes: entry.bytes };
}
