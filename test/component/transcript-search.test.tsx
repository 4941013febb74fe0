// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { TranscriptView } from '../../components/transcript/TranscriptView';
import { createCueSearch } from '../../utils/search/cue-search';
import { cuesOf, fakeSend, savedTranscript, stillPlayer } from './kit';

const VIDEO = 'dQw4w9WgXcQ';

function setup(texts: string[], languageCode = 'en') {
  const data = savedTranscript(VIDEO, cuesOf(texts), { fromCache: false, languageCode });
  const { send } = fakeSend({ 'transcript.get': () => ({ ok: true, data }) });
  return render(<TranscriptView videoId={VIDEO} send={send} player={stillPlayer()} language="en" />);
}

const box = () => screen.getByRole('searchbox', { name: 'Search transcript' });
const type = (value: string) => fireEvent.input(box(), { target: { value } });
const counter = () => document.querySelector('.tl-search-count')?.textContent;
const marks = () => [...document.querySelectorAll('mark')].map((m) => m.textContent);
const activeMark = () => document.querySelector('mark.tl-mark-active');

afterEach(cleanup);

const TEXTS = ['Mon Résumé est prêt', 'resume later', 'nothing here', 'RESUME and resume again'];

describe('transcript search', () => {
  it('is case- and accent-insensitive, highlights with <mark> and counts every match', async () => {
    setup(TEXTS);
    await screen.findByRole('button', { name: '0:00 Mon Résumé est prêt' });
    type('resume');
    expect(counter()).toBe('1 of 4');
    expect(marks()).toEqual(['Résumé', 'resume', 'RESUME', 'resume']);
    expect(activeMark()?.textContent).toBe('Résumé');
    expect(screen.getByRole('button', { name: '0:00 Mon Résumé est prêt' })).toBeTruthy();
    expect(document.querySelector('.tl-search-count')?.getAttribute('aria-live')).toBe('polite');
  });

  it('Enter and Shift+Enter step through matches, wrapping', async () => {
    setup(TEXTS);
    await screen.findByRole('button', { name: '0:05 resume later' });
    type('RÉSUMÉ');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(counter()).toBe('2 of 4');
    expect(activeMark()?.closest('button')?.textContent).toBe('0:05 resume later');
    fireEvent.keyDown(box(), { key: 'Enter' });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(counter()).toBe('4 of 4');
    const cue = activeMark()?.closest('button');
    expect(cue?.textContent).toBe('0:15 RESUME and resume again');
    expect([...(cue?.querySelectorAll('mark') ?? [])].indexOf(activeMark() as HTMLElement)).toBe(1);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(counter()).toBe('1 of 4');
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    expect(counter()).toBe('4 of 4');
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    expect(counter()).toBe('3 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Next match' }));
    expect(counter()).toBe('4 of 4');
  });

  it('Escape clears the search and the highlights', async () => {
    setup(TEXTS);
    await screen.findByRole('button', { name: '0:05 resume later' });
    type('later');
    expect(marks()).toEqual(['later']);
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect((box() as HTMLInputElement).value).toBe('');
    expect(marks()).toEqual([]);
    expect(counter()).toBe('');
  });

  it('says when nothing matches', async () => {
    setup(TEXTS);
    await screen.findByRole('button', { name: '0:05 resume later' });
    type('zebra');
    expect(counter()).toBe('No matches');
    expect(screen.getByRole('button', { name: 'Next match' })).toHaveProperty('disabled', true);
  });

  it('treats the query and the text as text, never markup', async () => {
    setup(['a <b>bold</b> claim', '<img src=x onerror=alert(1)>']);
    await screen.findByRole('button', { name: '0:00 a <b>bold</b> claim' });
    type('<b>bold');
    expect(marks()).toEqual(['bold']);
    type('onerror');
    expect(marks()).toEqual(['onerror']);
    expect(document.querySelector('.tl-cue b, .tl-cue img')).toBeNull();
  });

  it('finds words, not letters inside them, as the library does', async () => {
    setup(['Concatenate the strings', 'the cat sleeps', 'a catalogue']);
    await screen.findByRole('button', { name: '0:05 the cat sleeps' });
    type('cat');
    expect(counter()).toBe('1 of 2');
    expect(marks()).toEqual(['cat', 'catalogue']);
    type('cat sleeps');
    expect(counter()).toBe('1 of 2');
    expect(marks()).toEqual(['cat', 'sleeps']);
  });

  it('cuts a Japanese transcript into its words', async () => {
    setup(
      ['今日は大阪の新しい図書館について話します', '大阪大学の図書館', 'がっこうに行きます', 'かっこういいですね'],
      'ja',
    );
    await screen.findByRole('button', { name: '0:05 大阪大学の図書館' });
    type('図書館');
    expect(counter()).toBe('1 of 2');
    expect(marks()).toEqual(['図書館', '図書館']);
    type('かっこう');
    expect(counter()).toBe('1 of 1');
    expect(activeMark()?.closest('button')?.textContent).toBe('0:15 かっこういいですね');
  });

  it('scrolls a far match into view in a long transcript and stops following', async () => {
    const texts = Array.from({ length: 6000 }, (_, i) => (i === 5000 ? 'the needle is here' : `line ${i}`));
    setup(texts);
    await screen.findByRole('button', { name: '0:00 line 0' });
    expect(screen.queryByText('needle')).toBeNull();
    type('needle');
    const mark = await screen.findByText('needle');
    expect(mark.tagName).toBe('MARK');
    expect(mark.closest('button')?.textContent).toBe('6:56:40 the needle is here');
    expect(screen.getByRole('button', { name: 'Back to current' })).toBeTruthy();
  });
});

describe('createCueSearch', () => {
  it('counts every marked word per cue, in order', () => {
    const search = createCueSearch(['data, data and more data', 'b', 'Ça va, ça'], 'fr');
    expect(search.find('data').matches).toEqual([
      { cue: 0, nth: 0 },
      { cue: 0, nth: 1 },
      { cue: 0, nth: 2 },
    ]);
    expect(search.find('CA').matches).toEqual([
      { cue: 2, nth: 0 },
      { cue: 2, nth: 1 },
    ]);
    expect(search.find('   ').matches).toEqual([]);
  });

  // Its speed is the bench's (transcript.search_ms_6000_cues, docs/benchmarks.md), not a timed test's.
  it('finds a word in every one of 6,000 cues, each once, in cue order', () => {
    const texts = Array.from({ length: 6000 }, (_, i) => `segment ${i} with some ordinary spoken words in it`);
    const matches = createCueSearch(texts, 'en').find('words').matches;
    expect(matches).toHaveLength(6000);
    expect(matches.map((m) => m.cue)).toEqual(texts.map((_, i) => i));
  });
});
