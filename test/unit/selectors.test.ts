// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { SELECTORS } from '../../components/youtube/selectors';
import { fixturePage } from '../fixtures/routes';

const fixture = (name: string) => {
  const html = fixturePage(name, 'tvaHuman001');
  return new DOMParser().parseFromString(
    html.replace(/<script[^>]*><\/script>/g, '').replace(/<link [^>]*>/g, ''),
    'text/html',
  );
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
    expect(doc.querySelector(SELECTORS.visiblePlayer)?.id).toBe('movie_player');
  });

  it('watch page: the live DOM the panel and the layout switches rely on', () => {
    const doc = fixture('watch.html');
    for (const path of [
      'ytd-app > ytd-page-manager > ytd-watch-flexy > #columns > #primary #player #movie_player.html5-video-player',
      '#movie_player > .html5-video-container > video.html5-main-video',
      'ytd-watch-flexy #below ytd-watch-metadata #title h1',
      'ytd-watch-flexy > #columns > #secondary > #secondary-inner > #panels',
      'ytd-watch-flexy > #full-bleed-container',
      '#movie_player .ytp-fullscreen-button',
    ]) {
      expect(doc.querySelector(path), path).not.toBeNull();
    }
    // In-page navigation builds new layouts from the same model.
    const template = doc.querySelector<HTMLTemplateElement>('#watch-template');
    expect(template?.content.querySelector('#secondary-inner #related')).not.toBeNull();
  });

  it('shorts page: the reel video inside a player element', () => {
    const doc = fixture('shorts.html');
    const video = doc.querySelector(SELECTORS.shortsVideo);
    expect(video?.tagName).toBe('VIDEO');
    expect(video?.closest(SELECTORS.playerOfVideo)?.id).toBe('shorts-player');
  });

  it("channel page: the channel's header, which a floating panel goes below; no player there", () => {
    const doc = fixture('channel.html');
    expect(doc.querySelector(SELECTORS.channelHeader)?.id).toBe('page-header');
    expect(doc.querySelector(SELECTORS.visiblePlayer)).toBeNull();
    // Another page's header, kept hidden by YouTube, is not the one shown.
    expect(fixture('watch.html').querySelector(SELECTORS.channelHeader)).toBeNull();
  });
});
