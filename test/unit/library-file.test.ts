import { afterEach, describe, expect, it } from 'vitest';
import { readBundle } from '../../scripts/locales';
import { libraryFile } from '../../utils/export/note';
import { setCatalogue } from '../../utils/i18n/catalogue';
import { parseLibraryText, sizeProblem } from '../../utils/library/file';
import { videoOf } from '../library-builders';

const good = () => JSON.parse(JSON.stringify(libraryFile([videoOf()])));
const refusal = (value: unknown) => {
  const parsed = parseLibraryText(typeof value === 'string' ? value : JSON.stringify(value));
  if (parsed.ok) throw new Error('accepted');
  return parsed.message;
};

afterEach(() => setCatalogue('en', readBundle('en', 'all')));

describe('a library file to import', () => {
  it('accepts its own export', () => {
    expect(parseLibraryText(JSON.stringify(good())).ok).toBe(true);
  });

  it('refuses what is not JSON, or not a library export, in a sentence', () => {
    expect(refusal('{ nope')).toBe('This file is not JSON, so it is not a library export. Nothing was imported.');
    expect(refusal({ hello: 'world' })).toBe(
      'This file is not a Transcript Lens library export (JSON). Nothing was imported.',
    );
    expect(refusal([1, 2])).toMatch(/not a Transcript Lens library export/);
    expect(refusal({ ...good(), version: 2 })).toMatch(/not a Transcript Lens library export/);
  });

  it('names the place and the problem of a wrong field', () => {
    const file = good();
    file.videos[0].transcripts[0].segments[1].start = 'soon';
    expect(refusal(file)).toBe(
      'This library file cannot be imported: video 1, transcript 1, cue 2, start is missing or not a number. Nothing was imported.',
    );
    const bad = good();
    bad.videos[0].videoId = '../../etc';
    expect(refusal(bad)).toBe(
      'This library file cannot be imported: video 1, videoId is not a video id. Nothing was imported.',
    );
  });

  it('says the place and the problem in the interface language', () => {
    setCatalogue('es', readBundle('es', 'all'));
    const file = good();
    file.videos[0].transcripts[0].segments[1].start = 'soon';
    expect(refusal(file)).toContain('vídeo 1, transcripción 1, línea 2, start falta o no es un número');
    const many = good();
    many.videos[0].answers = Array.from({ length: 201 }, () => many.videos[0].answers[0]);
    expect(refusal(many)).toContain('vídeo 1, answers tiene más de 200 elementos');
  });

  it('refuses huge strings and lists instead of storing them', () => {
    const file = good();
    file.videos[0].title = 'x'.repeat(100_000);
    expect(refusal(file)).toBe(
      'This library file cannot be imported: video 1, title has more than 500 characters. Nothing was imported.',
    );
    const many = good();
    many.videos[0].answers = Array.from({ length: 201 }, () => many.videos[0].answers[0]);
    expect(refusal(many)).toMatch(/video 1, answers has more than 200 items/);
    const deep = good();
    let nest: Record<string, unknown> = {};
    deep.videos[0].analysis.artifact = nest;
    for (let i = 0; i < 40; i++) {
      const next = {};
      nest.a = next;
      nest = next;
    }
    expect(refusal(deep)).toMatch(/video 1, analysis, artifact is nested deeper than 32/);
  });

  it('refuses unknown fields and a video listed twice', () => {
    const extra = good();
    extra.videos[0].script = '<script>';
    expect(refusal(extra)).toMatch(/fields a library export does not have \(script\)/);
    const twice = good();
    twice.videos.push(twice.videos[0]);
    expect(refusal(twice)).toMatch(/video 2, videoId appears twice/);
  });

  it('keeps HTML in a title as text (it is shown as text, never parsed)', () => {
    const file = good();
    file.videos[0].title = '<img src=x onerror=alert(1)>';
    const parsed = parseLibraryText(JSON.stringify(file));
    expect(parsed.ok && parsed.file.videos[0]?.title).toBe('<img src=x onerror=alert(1)>');
  });

  it('refuses an empty file before reading it; a large one is read as a stream (file-read.ts)', () => {
    expect(sizeProblem(0)).toBe('This file is empty. Nothing was imported.');
    expect(sizeProblem(1000)).toBeNull();
    expect(sizeProblem(900 * 1024 * 1024)).toBeNull();
  });
});
