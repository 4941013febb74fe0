// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import {
  createAdTimeline,
  stitchedAd,
  stitchedLength,
  toContent,
  toMedia,
} from '../../components/youtube/stitched-ads';

const snap = (time: number, over: Partial<{ src: string; duration: number }> = {}) => ({
  src: 'blob:https://www.youtube.com/a',
  duration: 620,
  time,
  ...over,
});

describe('stitched ads: content time ↔ media time', () => {
  const ads = [
    { at: 0, length: 20 },
    { at: 320, length: 30 },
  ];

  it.each([
    [0, 20],
    [5, 25],
    [299, 319],
    [300, 350],
    [400, 450],
  ])('content %s s plays at media %s s', (content, media) => {
    expect(toMedia(content, ads)).toBe(media);
    expect(toContent(media, ads)).toBe(content);
  });

  it('inside an ad, the content second is where the ad sits', () => {
    expect(toContent(10, ads)).toBe(0);
    expect(toContent(330, ads)).toBe(300);
    expect(stitchedLength(ads)).toBe(50);
  });

  it('no ads: the identity', () => {
    expect(toMedia(42, [])).toBe(42);
    expect(toContent(42, [])).toBe(42);
  });
});

describe('which ads were stitched', () => {
  it('same source and duration, the playhead moved on by the ad: stitched', () => {
    expect(stitchedAd(snap(0), snap(15.5))).toEqual({ at: 0, length: 15.5 });
  });

  it.each([
    ['a new source (client-side ad)', snap(0), snap(15, { src: 'blob:https://www.youtube.com/b' })],
    ['a new duration', snap(0, { duration: 15 }), snap(15)],
    ['the playhead barely moved', snap(10), snap(10.4)],
    ['the playhead went back (the content started again)', snap(14), snap(0)],
    ['no source yet', snap(0, { src: '' }), snap(15, { src: '' })],
    ['an unknown duration', snap(0, { duration: Number.NaN }), snap(15, { duration: Number.NaN })],
  ])('%s: not stitched', (_what, start, end) => {
    expect(stitchedAd(start, end)).toBeNull();
  });

  it('a timeline learns an ad from the player class and forgets it on a new source', async () => {
    const player = document.createElement('div');
    const video = document.createElement('video');
    player.append(video);
    let time = 0;
    let src = 'blob:one';
    Object.defineProperty(video, 'currentTime', { get: () => time });
    Object.defineProperty(video, 'currentSrc', { get: () => src });
    Object.defineProperty(video, 'duration', { get: () => 600 });
    const timeline = createAdTimeline((p) => p.classList.contains('ad-showing'));
    timeline.track(video, player);
    const settle = () => new Promise((r) => setTimeout(r, 0));

    player.classList.add('ad-showing');
    await settle();
    time = 12;
    player.classList.remove('ad-showing');
    await settle();
    expect(timeline.ads()).toEqual([{ at: 0, length: 12 }]);

    src = 'blob:two';
    expect(timeline.ads()).toEqual([]);
    timeline.stop();
  });
});
