import type { Packed } from '../../../utils/cache';

const encoder = new TextEncoder();

/** JSON.stringify's escape of each ASCII byte it escapes (controls, quote, backslash); null for one written as is. */
const ESCAPES: (Uint8Array | null)[] = Array.from({ length: 0x80 }, (_, b) =>
  b < 0x20 || b === 0x22 || b === 0x5c ? encoder.encode(JSON.stringify(String.fromCharCode(b)).slice(1, -1)) : null,
);
/** Half of a surrogate pair alone: JSON.stringify escapes it (`\ud800`), UTF-8 cannot hold it. */
const SURROGATE = /[\ud800-\udfff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const CUE_OPEN = encoder.encode('{"text":"');
const CUE_START = encoder.encode('","start":');
const CUE_DURATION = encoder.encode(',"duration":');
const CUE_CLOSE = 0x7d;
const COMMA = 0x2c;
/** A cue's bytes besides its text's: the comma, fields and two numbers (at most 25 characters each). */
const CUE_MOST = 96;
/**
 * The most kept between parts: a part of 4 MB of held bytes (export-json.ts) writes about as much, so its buffers
 * are made once an export, not grown part after part (each growth is garbage the worker's peak counts).
 */
const KEPT = 16 * 1024 * 1024;
/** The first buffer's size: grown by doubling from there. */
const FIRST = 1024 * 1024;

/** As JSON.stringify writes a number (a Float64Array's are never undefined). */
const numberJson = (n: number) => (Number.isFinite(n) ? String(n) : 'null');

/** A few bytes copied by hand, at `at`; where they end. (A typed array's `set` costs more than a cue's bytes.) */
function copy(bytes: Uint8Array, out: Uint8Array, at: number): number {
  for (let i = 0; i < bytes.length; i++) out[at++] = bytes[i] ?? 0;
  return at;
}

/** An ASCII string (a number's JSON) written at `at`; where it ends. */
function ascii(s: string, out: Uint8Array, at: number): number {
  for (let i = 0; i < s.length; i++) out[at++] = s.charCodeAt(i);
  return at;
}

/**
 * The export's text as UTF-8, written into one buffer reused part after part (the Blob made of it copies
 * it), so a part leaves no string of its own size behind, and a cue no object: the worker's peak while it exports
 * is what garbage it makes, not the library's size. Written synchronously between `take`s: never shared across an
 * await.
 */
export class ExportBytes {
  private bytes = new Uint8Array(0);
  /** The cues' texts as UTF-8, copied from here with JSON's escapes. */
  private scratch = new Uint8Array(0);
  private length = 0;

  private room(extra: number): Uint8Array {
    const need = this.length + extra;
    if (need > this.bytes.length) {
      const grown = new Uint8Array(Math.max(need, this.bytes.length * 2, FIRST));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    return this.bytes;
  }

  put(bytes: Uint8Array): void {
    this.room(bytes.length).set(bytes, this.length);
    this.length += bytes.length;
  }

  /** A string with no lone surrogate (JSON's text never has one: it escapes them) as UTF-8. */
  text(s: string): void {
    const bytes = this.room(s.length * 3);
    this.length += encoder.encodeInto(s, bytes.subarray(this.length)).written;
  }

  /**
   * The cues' JSON, `{"text":…,"start":…,"duration":…}` comma-separated, byte for byte as JSON.stringify writes an
   * array of them, straight from the packed blocks: the texts encoded once, each cue's bytes copied with JSON's
   * escapes. A cue's text holding half a surrogate pair (JSON escapes it) is written by `JSON.stringify` instead.
   */
  cues(packed: Packed): void {
    const { starts, texts } = packed;
    // Most texts have no surrogate at all: the lone one's slower test is run only on those that do.
    if ((SURROGATE.test(texts) && LONE_SURROGATE.test(texts)) || !this.cuesFast(packed)) {
      for (let i = 0, at = 0; i < starts.length; i++) {
        const length = packed.lengths[i] ?? 0;
        if (i > 0) this.text(',');
        this.cueText(JSON.stringify(texts.slice(at, at + length)), i, packed);
        at += length;
      }
    }
  }

  private cueText(json: string, i: number, { starts, durations }: Packed): void {
    this.text(`{"text":${json},"start":${numberJson(starts[i] ?? 0)},"duration":${numberJson(durations[i] ?? 0)}}`);
  }

  /** The cues from the texts' UTF-8; false, with nothing written, if a surrogate pair is split between two cues. */
  private cuesFast({ starts, durations, lengths, texts }: Packed): boolean {
    const from = this.length;
    if (this.scratch.length < texts.length * 3) this.scratch = new Uint8Array(texts.length * 3);
    const src = this.scratch;
    encoder.encodeInto(texts, src);
    let read = 0;
    let duration = Number.NaN;
    let durationJson = '';
    for (let i = 0; i < starts.length; i++) {
      let units = lengths[i] ?? 0;
      // The most a cue takes: every UTF-16 unit a control escaped as \u00XX, its fields and two numbers.
      const out = this.room(units * 6 + CUE_MOST);
      let at = this.length;
      if (i > 0) out[at++] = COMMA;
      at = copy(CUE_OPEN, out, at);
      while (units > 0) {
        const b = src[read] ?? 0;
        if (b < 0x80) {
          const escaped = ESCAPES[b];
          if (escaped) at = copy(escaped, out, at);
          else out[at++] = b;
          read++;
          units--;
          continue;
        }
        // A UTF-8 sequence's lead byte says its length; four bytes are two UTF-16 units (a surrogate pair).
        const size = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
        if (size === 4 && units < 2) {
          this.length = from;
          return false;
        }
        for (let k = 0; k < size; k++) out[at++] = src[read++] ?? 0;
        units -= size === 4 ? 2 : 1;
      }
      at = copy(CUE_START, out, at);
      at = ascii(numberJson(starts[i] ?? 0), out, at);
      at = copy(CUE_DURATION, out, at);
      // Durations repeat (a track's cues are often as long as each other): each written once.
      const d = durations[i] ?? 0;
      if (d !== duration) {
        duration = d;
        durationJson = numberJson(d);
      }
      at = ascii(durationJson, out, at);
      out[at++] = CUE_CLOSE;
      this.length = at;
    }
    return true;
  }

  /** What was written since the last take, as a view the caller copies before writing again. */
  take(): Uint8Array<ArrayBuffer> {
    const written = this.bytes.subarray(0, this.length);
    this.length = 0;
    return written;
  }

  /** After a part's bytes were copied: buffers grown past KEPT for one long video are let go. */
  settle(): void {
    if (this.bytes.length > KEPT) this.bytes = new Uint8Array(0);
    if (this.scratch.length > KEPT) this.scratch = new Uint8Array(0);
  }

  /** Once the export is over: the worker holds none of it. */
  release(): void {
    this.bytes = new Uint8Array(0);
    this.scratch = new Uint8Array(0);
  }
}
