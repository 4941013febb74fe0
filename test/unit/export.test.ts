import { createRequire } from 'node:module';
import SrtParser from 'srt-parser-2';
import { describe, expect, it } from 'vitest';
import {
  type ExportSegment,
  type ExportTranscript,
  exportFile,
  toJson,
  toMarkdown,
  toSrt,
  toTxt,
  toVtt,
} from '../../utils/export';
import { safeFilename } from '../../utils/export/index';

interface VttCue {
  startTime: number;
  endTime: number;
  text: string;
}
interface VttResult {
  cues: VttCue[];
  errors: { message: string; line: number }[];
}
// webvtt-parser is CommonJS without type declarations.
const { WebVTTParser } = createRequire(import.meta.url)('webvtt-parser') as {
  WebVTTParser: new () => { parse(input: string, mode?: string): VttResult };
};

const ID = 'dQw4w9WgXcQ';
const seg = (start: number, duration: number, text: string): ExportSegment => ({ start, duration, text });
const normal = [seg(0, 2.5, 'Hello there.'), seg(2.5, 3, 'Second cue'), seg(65.25, 4, 'A minute in')];
const hostile = [
  seg(0, 2, 'a --> b'),
  seg(1, 5, 'overlaps the next\n\n\nafter blank lines'),
  seg(3, 0, '<script>alert("x")</script> & <b>'),
  seg(3, -2, 'same start, negative duration'),
  seg(4, Number.NaN, '   '),
  seg(5, 1, ''),
  seg(6, 1, 'ünïcødé 日本語 😀 \u202eevil'),
  seg(7, 1, '1\n00:00:01,000 --> 00:00:02,000\ninjected'),
  seg(Number.NaN, 1, 'no start'),
  seg(3700, 1.2345, 'past an hour'),
];
const transcript = (segments: ExportSegment[], extra: Partial<ExportTranscript> = {}): ExportTranscript => ({
  id: ID,
  title: 'My *Great* [Video](http://evil.example) <img src=x>',
  author: 'Chan_nel # 1',
  language: 'English',
  languageCode: 'en',
  isGenerated: true,
  text: segments.map((s) => s.text).join(' '),
  segments,
  ...extra,
});

const parseSrt = (text: string) => new SrtParser().fromSrt(text);
const parseVtt = (text: string) => new WebVTTParser().parse(text, 'metadata');

describe('toSrt', () => {
  it('numbers cues from 1 with exact times, parsed back by srt-parser-2', () => {
    const out = toSrt(normal);
    expect(out.startsWith('1\n00:00:00,000 --> 00:00:02,500\nHello there.\n\n2\n')).toBe(true);
    expect(out).not.toContain('\r');
    const cues = parseSrt(out);
    expect(cues.map((c) => c.id)).toEqual(['1', '2', '3']);
    expect(cues.map((c) => [c.startSeconds, c.endSeconds])).toEqual([
      [0, 2.5],
      [2.5, 5.5],
      [65.25, 69.25],
    ]);
    expect(cues.map((c) => c.text)).toEqual(['Hello there.', 'Second cue', 'A minute in']);
  });

  it('survives hostile text and timing: no injected cues, no overlaps, no empty or zero-length cues', () => {
    const out = toSrt(hostile);
    const cues = parseSrt(out);
    expect(cues).toHaveLength(7);
    expect(cues.map((c) => c.id)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    for (const [i, cue] of cues.entries()) {
      expect(cue.text.trim()).not.toBe('');
      expect(cue.endSeconds).toBeGreaterThan(cue.startSeconds);
      const next = cues[i + 1];
      if (next) expect(cue.endSeconds).toBeLessThanOrEqual(next.startSeconds);
    }
    expect(cues[0]?.text).toBe('a → b');
    expect(cues[1]).toMatchObject({ startSeconds: 1, endSeconds: 3, text: 'overlaps the next\nafter blank lines' });
    expect(cues[2]).toMatchObject({ startSeconds: 3, endSeconds: 3.001 });
    expect(cues[3]).toMatchObject({ startSeconds: 3.001, endSeconds: 5.001, text: 'same start, negative duration' });
    expect(cues[5]?.text).toBe('1\n00:00:01,000 → 00:00:02,000\ninjected');
    expect(cues[6]).toMatchObject({ startTime: '01:01:40,000', endTime: '01:01:41,235', text: 'past an hour' });
    expect(out).not.toMatch(/\n\n\n/);
  });

  it('sorts out-of-order segments and gives an empty file for none', () => {
    const cues = parseSrt(toSrt([seg(10, 1, 'later'), seg(1, 1, 'first')]));
    expect(cues.map((c) => c.text)).toEqual(['first', 'later']);
    expect(toSrt([])).toBe('');
  });

  it('rounds times to the millisecond once, from seconds (SRT with a comma, VTT with a dot)', () => {
    expect(toSrt([seg(59.9996, 1.0004, 'rounds up')])).toBe('1\n00:01:00,000 --> 00:01:01,000\nrounds up\n');
    expect(toVtt([seg(0.0006, 1, 'a tick in')])).toContain('\n\n00:00:00.001 --> 00:00:01.001\na tick in\n');
  });
});

describe('toVtt', () => {
  it('writes a valid WebVTT file with exact times', () => {
    const out = toVtt(normal);
    expect(out.startsWith('WEBVTT\n\n00:00:00.000 --> 00:00:02.500\nHello there.\n')).toBe(true);
    const { cues, errors } = parseVtt(out);
    expect(errors).toEqual([]);
    expect(cues.map((c) => [c.startTime, c.endTime, c.text])).toEqual([
      [0, 2.5, 'Hello there.'],
      [2.5, 5.5, 'Second cue'],
      [65.25, 69.25, 'A minute in'],
    ]);
  });

  it('escapes markup, replaces -->, drops blank lines, and parses without errors', () => {
    const out = toVtt(hostile);
    const { cues, errors } = parseVtt(out);
    expect(errors).toEqual([]);
    expect(cues).toHaveLength(7);
    const texts = cues.map((c) => c.text);
    expect(texts[0]).toBe('a → b');
    expect(texts[1]).toBe('overlaps the next\nafter blank lines');
    expect(texts[2]).toBe('&lt;script&gt;alert("x")&lt;/script&gt; &amp; &lt;b&gt;');
    expect(texts[4]).toBe('ünïcødé 日本語 😀 \u202eevil');
    for (const [i, cue] of cues.entries()) {
      expect(cue.text).not.toContain('-->');
      expect(cue.endTime).toBeGreaterThan(cue.startTime);
      const next = cues[i + 1];
      if (next) expect(cue.endTime).toBeLessThanOrEqual(next.startTime);
    }
    expect(cues[6]).toMatchObject({ startTime: 3700, endTime: 3701.235 });
  });

  it('is just the header for no cues', () => {
    const { cues, errors } = parseVtt(toVtt([seg(1, 1, '')]));
    expect(errors).toEqual([]);
    expect(cues).toEqual([]);
  });
});

describe('toTxt', () => {
  it('writes one timestamped line per cue, or the full text', () => {
    const t = transcript(normal);
    expect(toTxt(t, { timestamps: true })).toBe('[0:00] Hello there.\n[0:02] Second cue\n[1:05] A minute in\n');
    expect(toTxt(t, { timestamps: false })).toBe('Hello there. Second cue A minute in\n');
    expect(toTxt(transcript(normal, { text: '' }), { timestamps: false })).toBe(
      'Hello there. Second cue A minute in\n',
    );
    expect(toTxt(transcript([seg(3700, 1, 'two\nlines')]), { timestamps: true })).toBe('[1:01:40] two lines\n');
  });
});

describe('toMarkdown', () => {
  const md = toMarkdown(transcript([...normal, seg(9, 1, '[click](javascript:alert(1)) <script>x</script> ![i](y)')]), {
    videoId: ID,
  });

  it('has the title as heading, channel, language, video link, and a timestamp link per cue', () => {
    const lines = md.split('\n');
    expect(lines[0]).toBe('# My \\*Great\\* \\[Video\\]\\(http://evil.example\\) \\<img src=x\\>');
    expect(md).toContain('**Channel:** Chan\\_nel \\# 1');
    expect(md).toContain('**Language:** English (auto\\-generated)');
    expect(md).toContain(`<https://www.youtube.com/watch?v=${ID}>`);
    expect(md).toContain(`[0:00](https://www.youtube.com/watch?v=${ID}&t=0s) Hello there.`);
    // The link rounds the cue start up so it opens inside the cue; the label shows where it starts.
    expect(md).toContain(`[1:05](https://www.youtube.com/watch?v=${ID}&t=66s) A minute in`);
  });

  it('escapes hostile text so it cannot open links, images or HTML', () => {
    expect(md).toContain(
      `[0:09](https://www.youtube.com/watch?v=${ID}&t=9s) \\[click\\]\\(javascript:alert\\(1\\)\\) \\<script\\>x\\</script\\> \\!\\[i\\]\\(y\\)`,
    );
    // Every unescaped [ or < in the document is one we wrote.
    const unescaped = md.match(/(?<!\\)[[<]/g) ?? [];
    expect(unescaped).toHaveLength(1 + 4);
  });

  it('falls back to the id for a missing title and skips a missing channel', () => {
    const out = toMarkdown(transcript(normal, { title: null, author: null }), { videoId: ID });
    expect(out.split('\n')[0]).toBe(`# Video ${ID}`);
    expect(out).not.toContain('Channel');
  });
});

describe('toJson', () => {
  it('pretty-prints the metadata and segments, known fields only', () => {
    const withExtra = [{ ...seg(1, 2, 'x'), secret: 'no' }];
    const out = toJson(transcript(withExtra));
    expect(out).toContain('\n  "segments": [\n');
    expect(JSON.parse(out)).toEqual({
      id: ID,
      title: 'My *Great* [Video](http://evil.example) <img src=x>',
      author: 'Chan_nel # 1',
      language: 'English',
      languageCode: 'en',
      isGenerated: true,
      text: 'x',
      segments: [{ text: 'x', start: 1, duration: 2 }],
    });
  });
});

describe('exportFile and safe file names', () => {
  it.each([
    ['txt', 'txt', 'text/plain'],
    ['srt', 'srt', 'application/x-subrip'],
    ['vtt', 'vtt', 'text/vtt'],
    ['markdown', 'md', 'text/markdown'],
    ['json', 'json', 'application/json'],
  ] as const)('%s → .%s, %s', (format, ext, mime) => {
    const file = exportFile(format, transcript(normal, { title: 'Talk' }), ID);
    expect(file.filename).toBe(`Talk [${ID}].${ext}`);
    expect(file.mime.startsWith(mime)).toBe(true);
    expect(file.content.length).toBeGreaterThan(0);
  });

  it('routes each format to its writer; TXT has timestamps unless told otherwise', () => {
    const t = transcript(normal);
    expect(exportFile('srt', t, ID).content).toBe(toSrt(normal));
    expect(exportFile('vtt', t, ID).content).toBe(toVtt(normal));
    expect(exportFile('txt', t, ID).content).toBe(toTxt(t, { timestamps: true }));
    expect(exportFile('txt', t, ID, { timestamps: false }).content).toBe(toTxt(t, { timestamps: false }));
  });

  it.each([
    ['../../etc/passwd', `etc passwd [${ID}].srt`],
    ['a/b\\c:d*e?f"g<h>i|j', `a b c d e f g h i j [${ID}].srt`],
    ['tab\tnew\nline\u0000nul', `tab new line nul [${ID}].srt`],
    ['bidi \u202egnp.exe', `bidi gnp.exe [${ID}].srt`],
    ['...hidden...', `hidden [${ID}].srt`],
    ['   ', `${ID}.srt`],
    ['日本語のタイトル 😀', `日本語のタイトル 😀 [${ID}].srt`],
  ])('%j → %j', (title, expected) => {
    expect(safeFilename(title, ID, 'srt')).toBe(expected);
  });

  it('limits the title length without splitting characters, and distrusts the id', () => {
    const long = safeFilename('😀'.repeat(300), ID, 'txt');
    expect(Array.from(long.split(' [')[0] ?? '')).toHaveLength(100);
    expect(long.endsWith(`[${ID}].txt`)).toBe(true);
    expect(safeFilename(null, ID, 'json')).toBe(`${ID}.json`);
    expect(safeFilename('T', '../x', 'json')).toBe('T [video].json');
  });
});
