import { parse } from 'csv-parse/sync';
import { deflateSync, gzipSync, inflateSync, strFromU8, unzipSync } from 'fflate';
import SrtParser from 'srt-parser-2';
import { describe, expect, it, vi } from 'vitest';
import { type ArchiveItem, archiveName, buildArchive, fileItem, indexFields, zipOf } from '../../utils/export/archive';
import { partMade, partOf } from '../../utils/export/archive-parts';
import { crc32 } from '../../utils/export/crc32';
import { csvCell } from '../../utils/export/csv';
import { jsonlOf, toJsonl } from '../../utils/export/jsonl';
import { toSrt } from '../../utils/export/srt';

const transcript = (id: string, title: string) => ({
  id,
  title,
  author: 'TVA Demo',
  language: 'English',
  languageCode: 'en',
  isGenerated: false,
  text: 'Hello there. General Kenobi.',
  segments: [
    { text: 'Hello there.', start: 0, duration: 2 },
    { text: 'General Kenobi.', start: 2, duration: 3 },
  ],
});

const items: ArchiveItem[] = [
  {
    id: 'tvaHuman001',
    title: 'A/B: "test"?',
    date: '2025-06-01',
    transcript: transcript('tvaHuman001', 'A/B: "test"?'),
    status: 'ok',
    error: null,
  },
  {
    id: 'tvaHuman002',
    title: 'CON',
    date: '2025-05-31',
    transcript: transcript('tvaHuman002', 'CON'),
    status: 'ok',
    error: null,
  },
  {
    id: 'tvaNoCapti1',
    title: '=HYPERLINK("x")',
    date: '2025-05-30',
    transcript: null,
    status: 'failed',
    error: 'This video has no captions.',
  },
];

describe('buildArchive', () => {
  it('holds one parseable SRT per delivered video and an index.csv a spreadsheet reads', () => {
    const files = unzipSync(buildArchive(items, 'srt'));
    const names = Object.keys(files).sort();
    expect(names).toEqual(['2025-05-31 CON [tvaHuman002].srt', '2025-06-01 A B test [tvaHuman001].srt', 'index.csv']);
    for (const name of names.filter((n) => n.endsWith('.srt'))) {
      const cues = new SrtParser().fromSrt(strFromU8(files[name] ?? new Uint8Array()));
      expect(cues.map((c) => c.text)).toEqual(['Hello there.', 'General Kenobi.']);
    }
    const raw = files['index.csv'] ?? new Uint8Array();
    expect([...raw.subarray(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x22]); // the UTF-8 BOM, then a quoted cell
    const rows: string[][] = parse(Buffer.from(raw), { bom: true });
    expect(rows[0]).toEqual(['id', 'title', 'url', 'language', 'languageCode', 'isGenerated', 'status', 'error']);
    expect(rows).toHaveLength(4);
    expect(rows[3]).toEqual([
      'tvaNoCapti1',
      `'=HYPERLINK("x")`,
      'https://www.youtube.com/watch?v=tvaNoCapti1',
      '',
      '',
      '',
      'failed',
      'This video has no captions.',
    ]);
  });

  it('names files safely and never twice, whatever the case', () => {
    const taken = new Set<string>();
    const a = archiveName({ id: 'abcdefghijk', title: 'Same', date: '2025-01-01' }, 'txt', taken);
    const b = archiveName({ id: 'ABCDEFGHIJK', title: 'Same', date: '2025-01-01' }, 'txt', taken);
    expect(a).toBe('2025-01-01 Same [abcdefghijk].txt');
    expect(b).toBe('2025-01-01 Same [ABCDEFGHIJK-2].txt');
    expect(archiveName({ id: 'x1234567890', title: '..\u202E', date: 'soon' }, 'md', taken)).toBe('x1234567890.md');
  });

  it.each([
    ['=1+1', `"'=1+1"`],
    ['+1', `"'+1"`],
    ['-1', `"'-1"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['say "hi"', '"say ""hi"""'],
    ['plain', '"plain"'],
  ])('csvCell(%s)', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });
});

describe('toBase64', () => {
  it('round-trips an archive larger than one slice', async () => {
    const { toBase64 } = await import('../../entrypoints/background/channel/archive');
    const bytes = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7) % 256);
    expect(Buffer.from(toBase64(bytes), 'base64').equals(Buffer.from(bytes))).toBe(true);
  });

  it("uses the engine's own encoder where it has one, and the page decodes it back either way", async () => {
    const { toBase64 } = await import('../../entrypoints/background/channel/archive');
    const { fromBase64 } = await import('../../components/channel/save-archive');
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 13) % 256);
    const expected = Buffer.from(bytes).toString('base64');
    const native = Object.assign(new Uint8Array(bytes), { toBase64: () => 'native' });
    expect(toBase64(native)).toBe('native');
    expect(Buffer.from(fromBase64(expected)).equals(Buffer.from(bytes))).toBe(true);
    const decoded: string[] = [];
    const decode = (text: string) => {
      decoded.push(text);
      return new Uint8Array(Buffer.from(text, 'base64'));
    };
    Reflect.set(Uint8Array, 'fromBase64', decode);
    try {
      expect(Buffer.from(fromBase64(expected)).equals(Buffer.from(bytes))).toBe(true);
      expect(decoded).toEqual([expected]);
    } finally {
      Reflect.deleteProperty(Uint8Array, 'fromBase64');
    }
  });
});

describe('toJsonl', () => {
  it('one JSON object per line per video: the index fields, then text and cues (null when not delivered)', async () => {
    const { toJsonl } = await import('../../utils/export/jsonl');
    const withBreaks: ArchiveItem = { ...items[0], title: 'two\nlines' } as ArchiveItem;
    const text = toJsonl([withBreaks, ...items.slice(1)]);
    const lines = text.split('\n');
    expect(lines.at(-1)).toBe('');
    const records = lines.slice(0, -1).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toHaveLength(3);
    expect(Object.keys(records[0] ?? {})).toEqual([
      'id',
      'title',
      'url',
      'language',
      'languageCode',
      'isGenerated',
      'status',
      'error',
      'text',
      'segments',
    ]);
    expect(records[0]).toMatchObject({
      id: 'tvaHuman001',
      title: 'two\nlines',
      url: 'https://www.youtube.com/watch?v=tvaHuman001',
      language: 'English',
      isGenerated: false,
      status: 'ok',
      error: null,
      text: 'Hello there. General Kenobi.',
      segments: [
        { text: 'Hello there.', start: 0, duration: 2 },
        { text: 'General Kenobi.', start: 2, duration: 3 },
      ],
    });
    expect(records[2]).toEqual({
      id: 'tvaNoCapti1',
      title: '=HYPERLINK("x")',
      url: 'https://www.youtube.com/watch?v=tvaNoCapti1',
      language: null,
      languageCode: null,
      isGenerated: null,
      status: 'failed',
      error: 'This video has no captions.',
      text: null,
      segments: null,
    });
  });
});

describe('a file from parts made earlier', () => {
  it('CRC-32 is the ZIP one', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
  });

  it('the ZIP from parts holds what the whole-file build holds, and only parts of its own format', () => {
    const whole = unzipSync(buildArchive(items, 'vtt'));
    const parted = items.map((item) => fileItem(item, 'vtt'));
    expect(unzipSync(zipOf(parted, 'vtt'))).toEqual(whole);
    // A part made for another format is not put in: index.csv alone is left of the transcripts' files.
    const names = Object.keys(unzipSync(zipOf(parted, 'srt')));
    expect(names).toEqual(['index.csv']);
  });

  it('a JSONL line is one JSON object with the index fields, text and cues, or nulls', () => {
    const lines = toJsonl(items).trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    const first = JSON.parse(lines[0] ?? '');
    expect(first).toMatchObject({ id: 'tvaHuman001', status: 'ok', text: 'Hello there. General Kenobi.' });
    expect(first.segments).toEqual([
      { text: 'Hello there.', start: 0, duration: 2 },
      { text: 'General Kenobi.', start: 2, duration: 3 },
    ]);
    expect(Object.keys(first)).toEqual([
      ...Object.keys(indexFields(fileItem(items[0] as ArchiveItem, 'jsonl'))),
      'text',
      'segments',
    ]);
    expect(JSON.parse(lines[2] ?? '')).toMatchObject({
      id: 'tvaNoCapti1',
      status: 'failed',
      text: null,
      segments: null,
    });
    expect(jsonlOf(items.map((item) => fileItem(item, 'jsonl')))).toBe(toJsonl(items));
  });
});

describe('parts compressed by the engine (partMade)', () => {
  it('hold the same entry as fflate would make, raw DEFLATE a ZIP opens', async () => {
    const t = transcript('tvaHuman001', 'A/B: "test"?');
    const inScript = partOf('srt', t, t.id);
    const made = await partMade('srt', t, t.id);
    expect(made).toMatchObject({ kind: 'zip', format: 'srt', size: inScript.kind === 'zip' ? inScript.size : -1 });
    if (made.kind !== 'zip' || inScript.kind !== 'zip') throw new Error('not ZIP parts');
    expect(made.crc).toBe(inScript.crc);
    expect(strFromU8(inflateSync(made.data))).toBe(strFromU8(inflateSync(inScript.data)));
    const zip = unzipSync(zipOf([{ ...items[0], track: t, part: made } as Parameters<typeof zipOf>[0][number]], 'srt'));
    const srt = Object.entries(zip).find(([name]) => name.endsWith('.srt'));
    expect(strFromU8(srt?.[1] ?? new Uint8Array())).toContain('General Kenobi.');
  });

  /** An engine whose gzip is `made(bytes)`: the part is read from it, or made in script when it is not gzip. */
  const engineGives = (made: (bytes: Uint8Array) => Uint8Array) =>
    vi.stubGlobal(
      'CompressionStream',
      class {
        readonly #out = new TransformStream<Uint8Array, Uint8Array>({
          transform: (chunk, controller) => controller.enqueue(made(chunk)),
        });
        readonly writable = this.#out.writable;
        readonly readable = this.#out.readable;
      },
    );

  it('read the CRC-32 and body from a gzip with a file name in its header', async () => {
    engineGives((bytes) => gzipSync(bytes, { filename: 'part.srt', mtime: 0 }));
    try {
      const t = transcript('tvaHuman001', 'Named');
      const made = await partMade('srt', t, t.id);
      if (made.kind !== 'zip') throw new Error('not a ZIP part');
      expect(made.crc).toBe(crc32(new TextEncoder().encode(toSrt(t.segments))));
      expect(strFromU8(inflateSync(made.data))).toBe(toSrt(t.segments));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('are made in script when the engine gives something other than the gzip of the part', async () => {
    const t = transcript('tvaHuman001', 'Odd');
    const inScript = partOf('srt', t, t.id);
    if (inScript.kind !== 'zip') throw new Error('not a ZIP part');
    for (const odd of [
      () => new Uint8Array([1, 2, 3]),
      (bytes: Uint8Array) => gzipSync(bytes.subarray(1)),
      (bytes: Uint8Array) => deflateSync(bytes),
    ]) {
      engineGives(odd);
      try {
        const made = await partMade('srt', t, t.id);
        expect(made).toEqual(inScript);
      } finally {
        vi.unstubAllGlobals();
      }
    }
  });
});
