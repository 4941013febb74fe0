import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { libraryFile, noteMarkdown, notesZip } from '../../utils/export/note';
import { frontMatter, yamlString } from '../../utils/export/yaml';
import { LibraryFile } from '../../utils/library/file';
import { ID, itemOf, videoOf } from '../library-builders';

function split(note: string): { yaml: string; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(note);
  if (!match) throw new Error('no front-matter');
  return { yaml: match[1] ?? '', body: match[2] ?? '' };
}

describe('YAML strings', () => {
  const hostile = [
    'Title: with colon',
    '"quoted" and \'single\'',
    'line one\nline two\r\nthree',
    '---',
    '--- \n...\n---',
    '# not a comment',
    '- not a list',
    '{ not: a map }',
    'tab\there',
    'del\u007f c1\u0085 ls\u2028 ps\u2029 bom\ufeff',
    'emoji 🎉 and ñ',
    '',
    'null',
    'true',
    '123',
  ];
  it.each(hostile)('a real YAML parser reads %j back exactly', (text) => {
    expect(parseYaml(`value: ${yamlString(text)}`)).toEqual({ value: text });
  });

  it('front-matter with lists and nulls parses to the same values', () => {
    const fields = { title: 'A: B', tags: ['x', 'y: z'], missing: null, n: 3 };
    const block = frontMatter(fields);
    expect(block.startsWith('---\n') && block.endsWith('\n---\n')).toBe(true);
    expect(parseYaml(block.slice(4, -5))).toEqual(fields);
  });
});

describe('a video note', () => {
  const note = noteMarkdown({ item: itemOf(), video: videoOf() });

  it('starts with front-matter holding title, url, channel, dates, language and tags', () => {
    const meta = parseYaml(split(note).yaml);
    expect(meta).toMatchObject({
      title: 'Latency: a "practical" guide',
      url: `https://www.youtube.com/watch?v=${ID}`,
      channel: 'Systems Channel',
      published: null,
      saved: '2025-03-04',
      language: 'en',
      analysis: 'Smart',
      tags: ['youtube', 'transcript-lens', 'analyzed', 'questions'],
    });
  });

  it('has the summary, chapters, key points, questions and citations as deep links', () => {
    const { body } = split(note);
    expect(body).toContain('## Summary\n\nA talk about latency.');
    expect(body).toContain(`- [0:00](https://www.youtube.com/watch?v=${ID}&t=0s) Intro`);
    expect(body).toContain(`- [1:05](https://www.youtube.com/watch?v=${ID}&t=65s) Measure \\*first\\*`);
    expect(body).toContain('### What matters?');
    expect(body).toContain(`- [1:05](https://www.youtube.com/watch?v=${ID}&t=65s) Latency matters.`);
    expect(body).toContain('## Transcript');
  });

  it('keeps a hostile title inside its YAML string and escaped in the heading', () => {
    const title = 'Evil\n---\nowned: true <img src=x onerror=alert(1)>';
    const evil = noteMarkdown({ item: itemOf({ title }), video: videoOf({ title }) });
    const meta = parseYaml(split(evil).yaml);
    expect(meta.title).toBe(title);
    expect(meta.owned).toBeUndefined();
    expect(split(evil).body).toContain('# Evil \\-\\-\\- owned: true \\<img src=x onerror=alert\\(1\\)\\>');
  });

  it('a selection zips one note per video with unique names', () => {
    const second = { item: itemOf({ videoId: 'tvaHuman002' }), video: videoOf({ videoId: 'tvaHuman002' }) };
    const files = unzipSync(notesZip([{ item: itemOf(), video: videoOf() }, second]));
    expect(Object.keys(files).sort()).toEqual([
      `Latency a practical guide [${ID}].md`,
      'Latency a practical guide [tvaHuman002].md',
    ]);
    expect(strFromU8(files['Latency a practical guide [tvaHuman002].md'] ?? new Uint8Array())).toContain('## Summary');
  });

  it('the JSON export is a library file an import accepts', () => {
    const file = JSON.parse(JSON.stringify(libraryFile([videoOf()])));
    expect(LibraryFile.safeParse(file).success).toBe(true);
  });
});
