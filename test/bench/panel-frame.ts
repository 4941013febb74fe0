import type { Frame, Page } from '@playwright/test';

/** The watch page's panel frame (entrypoints/panel-frame/) in the page, as a Playwright locator's root. */
export const framePanel = (page: Page) => page.locator('transcript-lens-panel iframe.tl-frame').contentFrame();

/**
 * The watch page's panel frame, once the page has it. Its document is the panel: the bench reads and times the
 * panel there, in the extension's process, as the page's scripts cannot.
 */
export async function panelFrame(page: Page, timeout = 30_000): Promise<Frame> {
  const handle = await page.locator('transcript-lens-panel iframe.tl-frame').elementHandle({ timeout });
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('the watch page has no panel frame');
  return frame;
}

/** The panel frame if the page has one now (none on m.youtube.com, where the content script does not run). */
export const panelFrameNow = (page: Page): Frame | null =>
  page.frames().find((frame) => frame.url().includes('/panel-frame.html')) ?? null;

/** Whether the panel frame shows a cue now, read in the frame (nothing runs on the page's main thread). */
export async function frameShowsCue(page: Page): Promise<boolean> {
  const frame = panelFrameNow(page);
  if (!frame) return false;
  return frame.evaluate(() => document.querySelector('.tl-cue') != null).catch(() => false);
}
