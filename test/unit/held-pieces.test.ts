import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fileItem, joined, zipChunks } from '../../utils/export/archive';
import { withHeld, withoutHeld } from '../../utils/export/held-pieces';

const transcript = (id: string, words: string) => ({
  id,
  title: id,
  author: 'TVA Demo',
  language: 'English',
  languageCode: 'en',
  isGenerated: false,
  text: words,
  segments: [
    { text: words, start: 0, duration: 2 },
    { text: `${words} again`, start: 2, duration: 3 },
  ],
});
const ids = ['tvaHuman001', 'tvaHuman002', 'tvaHuman003', 'tvaHuman004'];
const items = ids.map((id, n) =>
  fileItem(
    { id, title: id, date: '2025-06-01', transcript: transcript(id, `words ${n}`), status: 'ok', error: null },
    'srt',
  ),
);
const dataOf = (n: number) => {
  const part = items[n]?.part;
  if (part?.kind !== 'zip') throw new Error('no zip part');
  return part.data;
};

describe('a ZIP whose pieces the page holds', () => {
  it('is the same file byte for byte once the held pieces are put back at their places', () => {
    const chunks = zipChunks(items, 'srt');
    const whole = joined(chunks);
    // The page holds the first three entries' compressed bytes (pieces 0–2), as bulk.pieces gave them.
    const pieces = [0, 1, 2].map((n) => new Uint8Array(dataOf(n)));
    const pieceOf = new Map([0, 1, 2].map((n) => [dataOf(n) as Uint8Array, n]));
    const { bytes, held } = withoutHeld(chunks, pieceOf);
    expect(held.map((h) => h.piece)).toEqual([0, 1, 2]);
    expect(bytes.length).toBe(whole.length - pieces.reduce((n, p) => n + p.length, 0));
    const parts = withHeld(bytes, held, pieces);
    expect(parts).not.toBeNull();
    expect(Buffer.from(joined(parts ?? [])).equals(Buffer.from(whole))).toBe(true);
    expect(Object.keys(unzipSync(joined(parts ?? [])))).toHaveLength(ids.length + 1);
  });

  it('with nothing held is the whole file', () => {
    const chunks = zipChunks(items, 'srt');
    const { bytes, held } = withoutHeld(chunks, new Map());
    expect(held).toEqual([]);
    expect(Buffer.from(bytes).equals(Buffer.from(joined(chunks)))).toBe(true);
    expect(withHeld(bytes, held, [])).toEqual([bytes]);
  });

  it('is refused when a place names a piece the page does not hold, or places run backwards', () => {
    const chunks = zipChunks(items, 'srt');
    const { bytes, held } = withoutHeld(chunks, new Map([[dataOf(1) as Uint8Array, 1]]));
    expect(withHeld(bytes, held, [])).toBeNull();
    expect(
      withHeld(
        bytes,
        [
          { at: 10, piece: 0 },
          { at: 5, piece: 0 },
        ],
        [new Uint8Array(3)],
      ),
    ).toBeNull();
    expect(withHeld(bytes, [{ at: bytes.length + 1, piece: 0 }], [new Uint8Array(3)])).toBeNull();
  });
});
