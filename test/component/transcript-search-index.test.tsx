// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TranscriptView } from '../../components/transcript/TranscriptView';
import { createCueSearch } from '../../utils/search/cue-search';
import { cuesOf, fakeSend, savedTranscript, stillPlayer } from './kit';

// The index builder, watched: when the transcript's search index is built is what these tests are about.
vi.mock('../../utils/search/cue-search', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../utils/search/cue-search')>();
  return { ...real, createCueSearch: vi.fn(real.createCueSearch) };
});

const VIDEO = 'dQw4w9WgXcQ';
const TEXTS = ['Mon Résumé est prêt', 'resume later', 'nothing here'];

function setup() {
  const data = savedTranscript(VIDEO, cuesOf(TEXTS));
  const { send } = fakeSend({ 'transcript.get': () => ({ ok: true, data }) });
  render(<TranscriptView videoId={VIDEO} send={send} player={stillPlayer()} language="en" />);
}

afterEach(() => {
  cleanup();
  vi.mocked(createCueSearch).mockClear();
});

describe('the transcript search index', () => {
  it('is not built while the page loads, only once the search box is focused, and once', async () => {
    setup();
    const box = await screen.findByRole('searchbox', { name: 'Search transcript' });
    // Long enough for any idle callback or effect the page load would run.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_200)));
    expect(createCueSearch).not.toHaveBeenCalled();
    fireEvent.focus(box);
    expect(createCueSearch).toHaveBeenCalledTimes(1);
    fireEvent.input(box, { target: { value: 'resume' } });
    expect(await screen.findByText('1 of 2')).toBeTruthy();
    expect(createCueSearch).toHaveBeenCalledTimes(1);
  });

  it('is built at the first keystroke when the box was never focused', async () => {
    setup();
    const box = await screen.findByRole('searchbox', { name: 'Search transcript' });
    fireEvent.input(box, { target: { value: 'resume' } });
    expect(await screen.findByText('1 of 2')).toBeTruthy();
    expect(createCueSearch).toHaveBeenCalledTimes(1);
  });
});
