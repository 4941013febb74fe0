import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

/**
 * The fixture page's main <video>, read and driven from the page world, the way a person (or YouTube's own
 * controls) would: what the panel must follow and what its seek buttons must move.
 */
const MAIN = '#movie_player video.html5-main-video';

export type VideoState = { currentTime: number; paused: boolean };

export function videoState(page: Page): Promise<VideoState> {
  return page.evaluate((selector) => {
    const video = document.querySelector<HTMLVideoElement>(selector);
    if (!video) throw new Error('no main video');
    return { currentTime: video.currentTime, paused: video.paused };
  }, MAIN);
}

/** Waits until the media has loaded its length, so seeks land where they are asked to. */
export async function waitForMedia(page: Page): Promise<number> {
  await expect
    .poll(() => page.evaluate((s) => document.querySelector<HTMLVideoElement>(s)?.duration ?? Number.NaN, MAIN))
    .toBeGreaterThan(0);
  return page.evaluate((s) => document.querySelector<HTMLVideoElement>(s)?.duration ?? Number.NaN, MAIN);
}

/** Moves the playhead and/or starts or stops playback, as YouTube's controls would. */
export async function driveVideo(page: Page, { time, play }: { time?: number; play?: boolean }): Promise<void> {
  await page.evaluate(
    async ({ selector, time, play }) => {
      const video = document.querySelector<HTMLVideoElement>(selector);
      if (!video) throw new Error('no main video');
      if (time !== undefined) video.currentTime = time;
      if (play === true) await video.play();
      if (play === false) video.pause();
    },
    { selector: MAIN, time, play },
  );
}

/** Expects the main video near `seconds` (a playing video may have moved on a little) and in `paused` state. */
export async function expectVideoAt(page: Page, seconds: number, paused?: boolean): Promise<void> {
  await expect
    .poll(async () => {
      const state = await videoState(page);
      return state.currentTime >= seconds - 0.05 && state.currentTime < seconds + 2;
    })
    .toBe(true);
  if (paused !== undefined) expect((await videoState(page)).paused).toBe(paused);
}

export function setDark(page: Page, on: boolean): Promise<void> {
  return page.evaluate((dark) => window.ytSetDark(dark), on);
}

/** YouTube-style in-page navigation (pushState, DOM swap, yt-navigate-finish). */
export function navigate(page: Page, url: string): Promise<void> {
  return page.evaluate((u) => window.ytNavigate(u), url);
}
