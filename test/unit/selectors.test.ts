// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SELECTORS } from '../../entrypoints/youtube.content/selectors';

const fixture = (name: string) => {
  const html = readFileSync(join(import.meta.dirname, '..', 'fixtures', name), 'utf8');
  return new DOMParser().parseFromString(html.replace(/<script[^>]*><\/script>/g, ''), 'text/html');
};

/** Fails loudly when a fixture page no longer has what the content script looks for. */
describe('the fixture pages have every selector the content script depends on', () => {
  it('watch page: the visible player video, its player element and the progress bar', () => {
    const doc = fixture('watch.html');
    const video = doc.querySelector(SELECTORS.watchVideo);
    expect(video?.tagName).toBe('VIDEO');
    expect(doc.querySelector(SELECTORS.mainVideo)).toBe(video);
    expect(video?.closest(SELECTORS.playerOfVideo)?.id).toBe('movie_player');
    expect(doc.querySelector(SELECTORS.watchLayout)).not.toBeNull();
    expect(doc.querySelector(SELECTORS.progressBar)).not.toBeNull();
  });

  it('shorts page: the reel video inside a player element', () => {
    const doc = fixture('shorts.html');
    const video = doc.querySelector(SELECTORS.shortsVideo);
    expect(video?.tagName).toBe('VIDEO');
    expect(video?.closest(SELECTORS.playerOfVideo)?.id).toBe('shorts-player');
  });
});
