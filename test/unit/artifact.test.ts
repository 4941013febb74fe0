import { afterEach, describe, expect, it } from 'vitest';
import { readBundle } from '../../scripts/locales';
import { type Artifact, normalizeArtifact } from '../../utils/api/read/artifact';
import { setCatalogue } from '../../utils/i18n/catalogue';

afterEach(() => setCatalogue('en', readBundle('en', 'all')));

const EMPTY: Artifact = { summary: [], chapters: [], keyPoints: [], evidence: [], other: [] };

/** No value anywhere in the view reads as a stringified object. */
function expectReadable(view: Artifact): void {
  expect(JSON.stringify(view)).not.toContain('[object ');
}

describe('normalizeArtifact: shapes', () => {
  it('reads the canonical server shape', () => {
    const view = normalizeArtifact({
      summary: 'First paragraph.\n\nSecond paragraph.',
      chapters: [
        { title: 'Intro', start: 0, end: 30 },
        { title: 'Demo', start: 30, end: 90 },
      ],
      keyPoints: [{ text: 'Point one', time: 12 }],
      evidence: [
        { kind: 'speech', time: 14, text: 'we measured it' },
        { kind: 'visual', time: 40, text: 'a bar chart' },
      ],
    });
    expect(view).toEqual({
      summary: ['First paragraph.', 'Second paragraph.'],
      chapters: [
        { title: 'Intro', start: 0 },
        { title: 'Demo', start: 30 },
      ],
      keyPoints: [{ text: 'Point one', time: 12 }],
      evidence: [
        { kind: 'speech', time: 14, text: 'we measured it' },
        { kind: 'visual', time: 40, text: 'a bar chart' },
      ],
      other: [],
    });
  });

  it('gives an empty view for null, undefined and empty containers', () => {
    for (const raw of [null, undefined, '', '   ', {}, []]) expect(normalizeArtifact(raw)).toEqual(EMPTY);
  });

  it('turns a raw string into summary paragraphs', () => {
    expect(normalizeArtifact('Just prose.\n\nMore prose.').summary).toEqual(['Just prose.', 'More prose.']);
  });

  it('decodes a JSON-encoded artifact string', () => {
    const view = normalizeArtifact(JSON.stringify({ summary: 'inside', keyPoints: ['a'] }));
    expect(view.summary).toEqual(['inside']);
    expect(view.keyPoints).toEqual([{ text: 'a', time: null }]);
  });

  it('accepts snake_case, other casings and aliases', () => {
    const view = normalizeArtifact({
      TLDR: 'short',
      key_points: [{ point: 'kp', start_time: '1:05' }],
      Highlights: ['h'],
      sections: [{ name: 'Part A', startTime: 10 }],
      citations: [{ type: 'frame', t: '0:20', caption: 'slide' }],
    });
    expect(view.summary).toEqual(['short']);
    expect(view.keyPoints).toEqual([
      { text: 'kp', time: 65 },
      { text: 'h', time: null },
    ]);
    expect(view.chapters).toEqual([{ title: 'Part A', start: 10 }]);
    expect(view.evidence).toEqual([{ kind: 'visual', time: 20, text: 'slide' }]);
    expect(view.other).toEqual([]);
  });

  it('accepts summaries as arrays of strings and as objects with text', () => {
    expect(normalizeArtifact({ overview: ['one', 'two'] }).summary).toEqual(['one', 'two']);
    expect(normalizeArtifact({ summary: { text: 'wrapped' } }).summary).toEqual(['wrapped']);
    expect(normalizeArtifact({ description: [{ content: 'c1' }, 'c2'] }).summary).toEqual(['c1', 'c2']);
  });

  it('reads every documented time field, as numbers and as h:mm:ss / m:ss strings', () => {
    const keyPoints = ['start', 'time', 'timestamp', 't', 'seconds', 'startTime', 'start_time', 'offset'].map(
      (key, i) => ({ text: key, [key]: i % 2 ? `0:${String(10 + i)}` : 10 + i }),
    );
    const view = normalizeArtifact({ keyPoints });
    expect(view.keyPoints.map((p) => p.time)).toEqual([10, 11, 12, 13, 14, 15, 16, 17]);
    expect(normalizeArtifact({ chapters: [{ title: 'x', start: '1:02:03' }] }).chapters[0]?.start).toBe(3723);
  });

  it('reads item text from each documented field, and keeps a title with its description', () => {
    const fields = ['text', 'title', 'point', 'description', 'content', 'quote', 'caption', 'summary', 'label', 'name'];
    const view = normalizeArtifact({ takeaways: fields.map((f) => ({ [f]: `via ${f}` })) });
    expect(view.keyPoints.map((p) => p.text)).toEqual(fields.map((f) => `via ${f}`));
    const both = normalizeArtifact({ keyPoints: [{ title: 'Cost', description: 'it is cheap' }] });
    expect(both.keyPoints[0]?.text).toBe('Cost — it is cheap');
  });

  it('classifies evidence kinds from kind, type, source and modality', () => {
    const evidence = [
      { kind: 'spoken', text: 'a' },
      { type: 'Audio', text: 'b' },
      { source: 'transcript', text: 'c' },
      { modality: 'screen', text: 'd' },
      { kind: 'OCR', text: 'e' },
      { kind: 'image', text: 'f' },
      { kind: 'smell', text: 'g' },
      { text: 'h' },
    ];
    expect(normalizeArtifact({ evidence }).evidence.map((e) => e.kind)).toEqual([
      'speech',
      'speech',
      'speech',
      'visual',
      'visual',
      'visual',
      'unknown',
      'unknown',
    ]);
  });

  it('reads timestamped lines, time-keyed maps and kind-keyed evidence', () => {
    const view = normalizeArtifact({
      chapters: '0:00 Intro\n[1:30] - Main part\n• 2:00:00 Late',
      keyPoints: { '0:10': 'early', '1:00': { text: 'later' } },
      timestamps: { speech: [{ t: 3, quote: 'hello' }], visual: ['0:04 a chart'] },
    });
    expect(view.chapters).toEqual([
      { title: 'Intro', start: 0 },
      { title: 'Main part', start: 90 },
      { title: 'Late', start: 7200 },
    ]);
    expect(view.keyPoints).toEqual([
      { text: 'early', time: 10 },
      { text: 'later', time: 60 },
    ]);
    expect(view.evidence).toEqual([
      { kind: 'speech', time: 3, text: 'hello' },
      { kind: 'visual', time: 4, text: 'a chart' },
    ]);
  });

  it('unwraps a job body or a data wrapper around the artifact', () => {
    const view = normalizeArtifact({ jobId: 7, status: 'ready', artifact: { summary: 'wrapped' } });
    expect(view).toEqual({ ...EMPTY, summary: ['wrapped'] });
    expect(normalizeArtifact({ data: { analysis: { chapters: ['0:05 A'] } } }).chapters).toEqual([
      { title: 'A', start: 5 },
    ]);
  });

  it('merges a top-level list of sections and reads loose items as key points', () => {
    const view = normalizeArtifact([{ summary: 's' }, { chapters: [{ title: 'c', start: 1 }] }, '0:09 loose']);
    expect(view.summary).toEqual(['s']);
    expect(view.chapters).toEqual([{ title: 'c', start: 1 }]);
    expect(view.keyPoints).toEqual([{ text: 'loose', time: 9 }]);
  });
});

describe('normalizeArtifact: what it cannot classify', () => {
  it('shows unknown fields in other, flattened readably, never [object Object]', () => {
    const view = normalizeArtifact({
      summary: 's',
      sentiment: { overall: 'positive', scores: [0.9, 0.1], nested: { deep: true } },
      speakers: ['Ann', 'Bob'],
    });
    expect(view.other).toEqual([
      { label: 'Sentiment', text: 'overall: positive; scores: [0.9, 0.1]; nested: {deep: true}' },
      { label: 'Speakers', text: 'Ann, Bob' },
    ]);
    expectReadable(view);
  });

  it('keeps items without recognisable text in other instead of dropping them', () => {
    const view = normalizeArtifact({
      chapters: [
        { title: 'ok', start: 0 },
        { start: 5, colour: 'red' },
      ],
    });
    expect(view.chapters).toEqual([{ title: 'ok', start: 0 }]);
    expect(view.other).toEqual([{ label: 'Chapters (unrecognised item)', text: 'start: 5; colour: red' }]);
    setCatalogue('de', readBundle('de', 'all'));
    expect(normalizeArtifact({ chapters: [{ start: 5, colour: 'red' }] }).other).toEqual([
      { label: 'Kapitel (unbekannter Eintrag)', text: 'start: 5; colour: red' },
    ]);
  });

  it('shows a bare number or boolean artifact in other', () => {
    expect(normalizeArtifact(42).other).toEqual([{ label: 'Analysis', text: '42' }]);
    expect(normalizeArtifact(true).other).toEqual([{ label: 'Analysis', text: 'true' }]);
  });

  it('accepts numbers where strings are expected', () => {
    const view = normalizeArtifact({
      summary: 12345,
      keyPoints: [7, { text: 99, time: '5' }],
      chapters: [{ title: 3 }],
    });
    expect(view.summary).toEqual(['12345']);
    expect(view.keyPoints).toEqual([
      { text: '7', time: null },
      { text: '99', time: 5 },
    ]);
    expect(view.chapters).toEqual([{ title: '3', start: null }]);
  });
});

describe('normalizeArtifact: hostile input', () => {
  it('nulls times that are NaN, negative, infinite, garbage or past the video end', () => {
    const keyPoints = [
      { text: 'nan', time: Number.NaN },
      { text: 'neg', time: -4 },
      { text: 'inf', time: Number.POSITIVE_INFINITY },
      { text: 'neg string', time: '-0:05' },
      { text: 'garbage', time: 'later' },
      { text: 'past end', time: '10:01' },
      { text: 'at end', time: 600 },
      { text: 'fine', time: '9:59' },
    ];
    const view = normalizeArtifact({ keyPoints }, { durationSeconds: 600 });
    expect(view.keyPoints.map((p) => p.time)).toEqual([null, null, null, null, null, null, 600, 599]);
  });

  it('caps a 100k-item array at 500 and says so', () => {
    const big = Array.from({ length: 100_000 }, (_, i) => ({ text: `p${i}`, time: i }));
    const view = normalizeArtifact({ keyPoints: big, evidence: big.map((b) => b.text) });
    expect(view.keyPoints).toHaveLength(500);
    expect(view.keyPoints[499]).toEqual({ text: 'p499', time: 499 });
    expect(view.evidence).toHaveLength(500);
    expect(view.other).toEqual([
      { label: 'Key points', text: 'Showing the first 500 of 100,000 items.' },
      { label: 'Evidence', text: 'Showing the first 500 of 100,000 items.' },
    ]);
  });

  it('survives 1,000-deep nesting of objects, arrays and wrappers with bounded output', () => {
    let objects: unknown = 'bottom';
    let arrays: unknown = 'bottom';
    let wrappers: unknown = { summary: 'bottom' };
    let kinds: unknown = ['0:01 bottom'];
    for (let i = 0; i < 1000; i++) {
      objects = { summary: objects, extra: { x: objects } };
      arrays = [arrays];
      wrappers = { artifact: wrappers };
      kinds = { speech: kinds };
    }
    for (const raw of [objects, arrays, wrappers, { chapters: arrays }, { evidence: kinds }]) {
      const view = normalizeArtifact(raw);
      expectReadable(view);
      expect(JSON.stringify(view).length).toBeLessThan(30_000);
      expect(view.summary.length + view.keyPoints.length + view.chapters.length + view.other.length).toBeGreaterThan(0);
    }
  });

  it('keeps HTML and script in strings as plain text, untouched', () => {
    const html = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const view = normalizeArtifact({ summary: html, chapters: [{ title: `<b>${html}</b>`, start: 1 }] });
    expect(view.summary).toEqual([html]);
    expect(view.chapters[0]?.title).toBe(`<b>${html}</b>`);
  });

  it('trims and caps long strings at 5,000 characters', () => {
    const view = normalizeArtifact({ summary: `  ${'x'.repeat(20_000)}  `, keyPoints: [`  padded  `] });
    expect(view.summary[0]?.length).toBe(5_000);
    expect(view.summary[0]?.endsWith('…')).toBe(true);
    expect(view.keyPoints[0]?.text).toBe('padded');
  });

  it('handles shared references and true cycles', () => {
    const shared = { text: 'same', time: 3 };
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const view = normalizeArtifact({ keyPoints: [shared, shared, shared], weird: cyclic });
    expect(view.keyPoints).toEqual([shared, shared, shared].map(() => ({ text: 'same', time: 3 })));
    expect(view.other).toEqual([{ label: 'Weird', text: 'name: loop; self: [circular]' }]);
  });

  it('treats prototype-pollution keys as data and pollutes nothing', () => {
    const raw: unknown = JSON.parse(
      '{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}, "summary": "s", "keyPoints": [{"__proto__": {"text": "x"}, "text": "kp"}]}',
    );
    const view = normalizeArtifact(raw);
    expect(view.summary).toEqual(['s']);
    expect(view.keyPoints).toEqual([{ text: 'kp', time: null }]);
    expect(view.other.map((o) => o.label)).toEqual(['Proto', 'Constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(view)).toBe(Object.prototype);
  });

  it('survives throwing getters and proxies', () => {
    const trap = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no keys for you');
        },
      },
    );
    const getter = Object.defineProperty({ summary: 'ok' }, 'bad', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expect(normalizeArtifact(trap).other).toEqual([
      { label: 'Analysis', text: 'Part of the analysis could not be read.' },
    ]);
    expect(normalizeArtifact(getter).summary).toEqual(['ok']);
  });

  it('caps the number of unknown fields it lists', () => {
    const raw = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`field${i}`, i]));
    const view = normalizeArtifact(raw);
    expect(view.other.length).toBeLessThanOrEqual(102);
    expect(view.other.at(-1)?.text).toMatch(/more entries not shown/);
  });
});
