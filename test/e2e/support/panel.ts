import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { waitForMedia } from './video';

/** The panel's host in the page: the box around the watch page's panel frame, and the channel and playlist views. */
export const hostOf = (page: Page): Locator => page.locator('transcript-lens-panel');

/** The watch page's panel, in its frame (entrypoints/panel-frame/): found by role as a person finds it. */
export const panelOf = (page: Page): Locator => hostOf(page).locator('iframe.tl-frame').contentFrame().locator('body');

/** The theme the panel shows: on its host in the page, and on its frame's document (the content script tells it). */
export async function expectPanelTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await expect(hostOf(page)).toHaveAttribute('data-theme', theme);
  const frameRoot = hostOf(page).locator('iframe.tl-frame').contentFrame().locator('html');
  await expect(frameRoot).toHaveAttribute('data-theme', theme);
}

/** The panel frame's document: its `data-armed` says whether a click there may spend (components/youtube/frame/visibility.ts). */
export const frameRootOf = (page: Page): Locator =>
  hostOf(page).locator('iframe.tl-frame').contentFrame().locator('html');

/**
 * Waits until the browser has seen the panel frame whole for half a second: before that, a click on a spend
 * button is refused (or opens the window), as a click the page may have steered would be. The frame is scrolled
 * into view first, as a person looks at the panel before pressing in it (one scrolled away is never armed).
 */
export async function waitForArmed(page: Page): Promise<void> {
  await hostOf(page).locator('iframe.tl-frame').scrollIntoViewIfNeeded();
  await expect(frameRootOf(page)).toHaveAttribute('data-armed', 'true', { timeout: 15_000 });
}

/**
 * The same wait for scripts that run outside the test runner (the bench, the demo): until the panel frame is
 * armed, a click on a spend button there is refused or opens the window, as one the page may have steered.
 */
export async function frameArmed(page: Page, timeout = 20_000): Promise<void> {
  await hostOf(page).locator('iframe.tl-frame').scrollIntoViewIfNeeded({ timeout });
  const armed = hostOf(page).locator('iframe.tl-frame').contentFrame().locator('html[data-armed="true"]');
  await armed.waitFor({ state: 'attached', timeout });
}

/** The person's "Load transcript" (1 Cloud Request), shown while nothing is saved for the video. */
export const loadButton = (page: Page): Locator =>
  panelOf(page).getByRole('button', { name: 'Load transcript', exact: true });

/** Presses "Load transcript" the way a person does (a trusted click). */
export async function loadTranscript(page: Page): Promise<void> {
  await loadButton(page).waitFor({ timeout: 15_000 });
  await waitForArmed(page);
  await loadButton(page).click({ timeout: 15_000 });
}

/**
 * Waits for the transcript's cues, pressing "Load transcript" first when the video is not saved yet (as a
 * person would); returns the first cue button.
 */
export async function waitForCues(page: Page): Promise<Locator> {
  const first = panelOf(page)
    .getByRole('button', { name: /^0:00\b/ })
    .first();
  const load = loadButton(page);
  // Automatic loading may swap the button for the cues at any moment: a click that finds no button is tried
  // again only while the button is still there, and never left pending (it could press the next video's).
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    await expect(first.or(load)).toBeVisible({ timeout: 15_000 });
    if (await first.isVisible()) break;
    await waitForArmed(page);
    const pressed = await load.click({ timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (pressed) break;
  }
  await expect(first).toBeVisible({ timeout: 15_000 });
  // A saved transcript shows before the frame is armed; what a test presses next (Analyze, Ask) waits for it.
  await waitForArmed(page);
  return first;
}

export async function openTab(page: Page, name: 'Transcript' | 'Analysis' | 'Ask' | 'Notes'): Promise<void> {
  await panelOf(page).getByRole('tab', { name }).click();
}

/** Stops every service worker of the browser (the extension's included), as Chrome does after 30 s idle. */
export async function killServiceWorkers(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
}

/** The first cue between 0:10 and 0:19 and its second: a seek target clear of the start. */
export async function cueInTheTens(page: Page): Promise<{ cue: Locator; seconds: number }> {
  const cue = panelOf(page)
    .getByRole('button', { name: /^0:1\d/ })
    .first();
  const label = (await cue.textContent()) ?? '';
  return { cue, seconds: Number(/^0:(\d\d)/.exec(label)?.[1]) };
}

/** A video page whose media can seek and whose transcript shows (bought on a person's click if not saved). */
export async function openWithCues(openVideo: (id: string) => Promise<Page>, id: string): Promise<Page> {
  const page = await openVideo(id);
  await waitForMedia(page);
  await waitForCues(page);
  return page;
}

/**
 * The clipboard as a browser gives it to the page a person uses. The copy happens in the panel's frame (the
 * extension's origin, which CDP will not name), so every origin is allowed; the test reads it back from the page.
 */
export async function allowClipboard(context: BrowserContext): Promise<void> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
}
