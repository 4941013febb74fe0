import { describe, expect, it } from 'vitest';
import { ExportBytes } from '../../../entrypoints/background/library/export-bytes';
import type { Packed } from '../../../utils/cache';

/** The cues' blocks as the cache packs them (utils/cache/packed.ts). */
function packed(cues: { text: string; start: number; duration: number }[]): Packed {
  return {
    starts: Float64Array.from(cues, (c) => c.start),
    durations: Float64Array.from(cues, (c) => c.duration),
    lengths: Uint32Array.from(cues, (c) => c.text.length),
    texts: cues.map((c) => c.text).join(''),
  };
}

const decoder = new TextDecoder();
const cuesOf = (texts: string[], numbers = [0, 1.5, 0.1 + 0.2, 1e21, 1e-7, 5e-324, 86_399.999, Number.NaN]) =>
  texts.map((text, i) => ({
    text,
    start: numbers[i % numbers.length] ?? 0,
    duration: numbers[(i + 3) % numbers.length] ?? 0,
  }));

/** What `cues` wrote, as text: it must be JSON.stringify's array of the cues without its brackets. */
function written(cues: { text: string; start: number; duration: number }[], out = new ExportBytes()): string {
  out.cues(packed(cues));
  return decoder.decode(out.take());
}
const stringified = (cues: object[]) => JSON.stringify(cues).slice(1, -1);

describe("background: the export's cues written as bytes from their packed blocks", () => {
  it('writes every ASCII character, escaped or not, as JSON.stringify does', () => {
    const ascii = Array.from({ length: 0x80 }, (_, b) => String.fromCharCode(b));
    const cues = cuesOf([...ascii, ascii.join(''), 'a "quote" \\ back', 'tab\tnew\nline', '</script>', '']);
    expect(written(cues)).toBe(stringified(cues));
  });

  it('writes two-, three- and four-byte characters as they are, and numbers as JSON writes them', () => {
    const cues = cuesOf([
      'ünï',
      '中文 字幕',
      '😀 emoji 👍🏽',
      'mixed é 中 😀 "q"\n',
      'ÿ',
      '\u00a0\u2028\u2029',
      '\ufffd',
      '',
    ]);
    const text = written(cues);
    expect(text).toBe(stringified(cues));
    expect(text).toContain('"start":1e+21');
    expect(text).toContain('"duration":null');
  });

  it('escapes half of a surrogate pair as JSON.stringify does, alone in the texts or split between two cues', () => {
    const lone = cuesOf(['before \ud800 after', 'end \udc00', 'fine']);
    expect(written(lone)).toBe(stringified(lone));
    // One pair whose halves the lengths put in two cues: each cue's text holds a lone half.
    const split = cuesOf(['a\ud83d', '\ude00b', 'c']);
    expect(split.map((c) => c.text).join('')).toBe('a😀bc');
    expect(written(split)).toBe(stringified(split));
  });

  it('grows for a long transcript, and a Response made of the bytes keeps them when the buffer is written again', async () => {
    const out = new ExportBytes();
    const long = cuesOf(Array.from({ length: 20_000 }, (_, i) => `cue ${i} with words "and" ü 中 😀 `.repeat(3)));
    expect(written(long, out)).toBe(stringified(long));
    out.text('{"a":1}');
    // As the worker's fetch answer makes it: the Response copies the bytes (the fetch standard's body extraction).
    const kept = new Response(out.take());
    out.settle();
    out.text('[2]');
    expect(decoder.decode(out.take())).toBe('[2]');
    expect(await kept.text()).toBe('{"a":1}');
  });
});
