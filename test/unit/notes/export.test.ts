import matter from 'gray-matter';
import { marked, type Token, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { exportFile } from '../../../utils/export';
import { noteMarkdown } from '../../../utils/export/note';
import { byChapter, notesMarkdown, notesText } from '../../../utils/export/notes-file';
import type { NoteItem } from '../../../utils/notes/model';
import { itemOf, videoOf } from '../../library-builders';
import { highlightOf, noteOf, VIDEO } from './builders';

const CHAPTERS = [
  { title: 'Latency [measured]', start: 63 },
  { title: 'Opening', start: 5 },
  { title: 'No start', start: null },
];

const highlight = highlightOf({
  start: 70,
  end: 75,
  text: 'we measured\nthe latency twice',
  cues: [
    { start: 70, text: 'so we measured' },
    { start: 72, text: 'the latency twice and' },
  ],
});
const items: NoteItem[] = [
  noteOf({ time: 2, text: 'Before anything' }),
  noteOf({
    time: 90.4,
    text: 'Line one *not bold*\n\nLine [two](javascript:alert(1))',
    on: { kind: 'chapter', title: 'Latency [measured]' },
  }),
  highlight,
  noteOf({ time: 71, text: 'Why twice?', on: { kind: 'highlight', id: highlight.id } }),
  noteOf({ time: 12, text: '# not a heading', on: { kind: 'citation', question: 'What about latency?', at: 12 } }),
];

/** Every list item's text and its links' hrefs, in the order a reader meets them. */
function listItems(tokens: Token[]): { text: string; hrefs: string[] }[] {
  const hrefs = (t: Token): string[] => [
    ...(t.type === 'link' ? [(t as Tokens.Link).href] : []),
    ...('tokens' in t && Array.isArray(t.tokens) ? t.tokens.flatMap(hrefs) : []),
  ];
  return tokens
    .filter((t): t is Tokens.List => t.type === 'list')
    .flatMap((list) => list.items.map((item) => ({ text: item.text, hrefs: item.tokens.flatMap(hrefs) })));
}

describe('a video’s highlights and notes as Markdown', () => {
  it('lists each item under the chapter it falls in, with a deep link to its moment, parsed by marked', () => {
    const file = matter(notesMarkdown({ videoId: VIDEO, title: 'A talk: part 1', items, chapters: CHAPTERS }));
    expect(file.data).toEqual({
      title: 'A talk: part 1',
      url: `https://www.youtube.com/watch?v=${VIDEO}`,
      tags: ['youtube', 'transcript-lens', 'notes'],
    });
    const tokens = marked.lexer(file.content);
    const headings = tokens.filter((t): t is Tokens.Heading => t.type === 'heading');
    expect(headings.map((h) => [h.depth, h.text])).toEqual([
      [1, 'A talk: part 1'],
      [2, 'Highlights and notes'],
      [3, 'Before the first chapter'],
      [3, `[0:05](https://www.youtube.com/watch?v=${VIDEO}&t=5s) Opening`],
      [3, `[1:03](https://www.youtube.com/watch?v=${VIDEO}&t=63s) Latency \\[measured\\]`],
    ]);
    const found = listItems(tokens);
    expect(found.map((i) => i.hrefs)).toEqual([
      [`https://www.youtube.com/watch?v=${VIDEO}&t=2s`],
      [`https://www.youtube.com/watch?v=${VIDEO}&t=12s`],
      [`https://www.youtube.com/watch?v=${VIDEO}&t=70s`],
      [`https://www.youtube.com/watch?v=${VIDEO}&t=71s`],
      // 90.4 s links the second the moment is in, as the transcript's links do.
      [`https://www.youtube.com/watch?v=${VIDEO}&t=91s`],
    ]);
    const plain = (s: string) => s.replace(/\\/g, '');
    expect(plain(found[1]?.text ?? '')).toContain(
      '**Note** (on the citation 0:12 · What about latency?): # not a heading',
    );
    expect(plain(found[2]?.text ?? '')).toContain('**Highlight**: we measured the latency twice');
    expect(plain(found[3]?.text ?? '')).toContain('(on the highlight we measured the latency twice): Why twice?');
    // A note's line breaks stay inside its item; its text opens no link and no emphasis.
    expect(plain(found[4]?.text ?? '')).toMatch(/Line one \*not bold\* {2}\nLine \[two\]\(javascript:alert\(1\)\)$/);
    const html = marked.parse(file.content, { async: false });
    expect(html).not.toContain('javascript:alert(1)"');
    expect(html).not.toContain('<em>');
    expect(html).toContain('<br>');
  });

  it('puts every item in one Notes section when the video has no chapters', () => {
    const tokens = marked.lexer(matter(notesMarkdown({ videoId: VIDEO, title: '', items })).content);
    const headings = tokens.filter((t): t is Tokens.Heading => t.type === 'heading').map((h) => h.text);
    expect(headings).toEqual([`Video ${VIDEO}`, 'Highlights and notes']);
    expect(listItems(tokens)).toHaveLength(5);
  });

  it('says nothing of notes for a video without any', () => {
    const tokens = marked.lexer(matter(notesMarkdown({ videoId: VIDEO, title: 'T', items: [] })).content);
    expect(tokens.filter((t) => t.type === 'heading' || t.type === 'list')).toHaveLength(1);
  });
});

describe('grouping by chapter', () => {
  it('keeps time order inside a chapter, and leaves out a chapter with nothing in it', () => {
    const groups = byChapter(items, [...CHAPTERS, { title: 'Empty', start: 500 }]);
    expect(groups.map((g) => [g.chapter?.title ?? null, g.items.map((i) => i.text)])).toEqual([
      [null, ['Before anything']],
      ['Opening', ['# not a heading']],
      ['Latency [measured]', ['we measured\nthe latency twice', 'Why twice?', items[1]?.text]],
    ]);
  });
});

describe('a video’s highlights and notes as plain text', () => {
  it('gives each item its time, kind and anchor, a note’s later lines indented, chapters as lines', () => {
    const text = notesText({ videoId: VIDEO, title: 'A talk', items, chapters: CHAPTERS });
    expect(text.split('\n')).toEqual([
      'A talk',
      `https://www.youtube.com/watch?v=${VIDEO}`,
      '',
      'Before the first chapter',
      '[0:02] Note: Before anything',
      '',
      'Opening [0:05]',
      '[0:12] Note (on the citation 0:12 · What about latency?): # not a heading',
      '',
      'Latency [measured] [1:03]',
      '[1:10] Highlight: we measured the latency twice',
      '[1:11] Note (on the highlight we measured the latency twice): Why twice?',
      '[1:30] Note (on the chapter Latency [measured]): Line one *not bold*',
      '    Line [two](javascript:alert(1))',
      '',
    ]);
  });
});

describe('the library’s note of a video (Copy note, Export notes)', () => {
  it('carries the highlights and notes it is given under the analysis’ chapters, before the transcript', () => {
    const video = videoOf();
    const mine = [noteOf({ videoId: video.videoId, time: 3, text: 'Mine' })];
    const tokens = marked.lexer(matter(noteMarkdown({ item: itemOf(), video, notes: mine })).content);
    const headings = tokens.filter((t): t is Tokens.Heading => t.type === 'heading').map((h) => h.text);
    const at = headings.indexOf('Highlights and notes');
    expect(at).toBeGreaterThan(headings.indexOf('Questions'));
    expect(headings[at + 1]).toBe(`[0:00](https://www.youtube.com/watch?v=${video.videoId}&t=0s) Intro`);
    expect(headings.indexOf('Transcript')).toBeGreaterThan(at);
    expect(listItems(tokens).find((i) => i.text.includes('Mine'))?.hrefs).toEqual([
      `https://www.youtube.com/watch?v=${video.videoId}&t=3s`,
    ]);
    // Without notes, the note is as it was.
    const plain = marked.lexer(matter(noteMarkdown({ item: itemOf(), video })).content);
    expect(plain.some((t) => t.type === 'heading' && t.text === 'Highlights and notes')).toBe(false);
  });

  it('carries the notes the library file holds for the video when no other list is given (Copy note)', () => {
    const plain = videoOf();
    const video = { ...plain, notes: [noteOf({ videoId: plain.videoId, time: 42, text: 'Filed with the video' })] };
    const tokens = marked.lexer(matter(noteMarkdown({ item: itemOf(), video })).content);
    expect(listItems(tokens).find((i) => i.text.includes('Filed with the video'))?.hrefs).toEqual([
      `https://www.youtube.com/watch?v=${video.videoId}&t=42s`,
    ]);
  });
});

describe('the Transcript tab’s Markdown download', () => {
  const transcript = {
    id: VIDEO,
    title: 'A talk',
    author: null,
    language: 'English',
    languageCode: 'en',
    isGenerated: false,
    text: 'Hello there. Goodbye.',
    segments: [
      { start: 1, duration: 2, text: 'Hello there.' },
      { start: 80, duration: 2, text: 'Goodbye.' },
    ],
  };

  it('carries the highlights and notes it is given before the cues, which go under a Transcript heading', () => {
    const mine = [noteOf({ videoId: VIDEO, time: 75, text: 'Kept thought' })];
    const file = exportFile('markdown', transcript, VIDEO, { notes: mine });
    const tokens = marked.lexer(file.content);
    const headings = tokens.filter((t): t is Tokens.Heading => t.type === 'heading').map((h) => h.text);
    expect(headings).toEqual(['A talk', 'Highlights and notes', 'Transcript']);
    expect(listItems(tokens).find((i) => i.text.includes('Kept thought'))?.hrefs).toEqual([
      `https://www.youtube.com/watch?v=${VIDEO}&t=75s`,
    ]);
    expect(file.content.indexOf('Kept thought')).toBeLessThan(file.content.indexOf('Goodbye'));
  });

  it('is the plain transcript without notes', () => {
    const plain = exportFile('markdown', transcript, VIDEO).content;
    expect(exportFile('markdown', transcript, VIDEO, { notes: [] }).content).toBe(plain);
    expect(plain).not.toContain('## ');
  });
});
