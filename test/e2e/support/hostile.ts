import type { Page } from '@playwright/test';

/**
 * What a hostile page script can do to the panel, run in the page's own world like YouTube's scripts:
 * press every button of the (test build: open) shadow root by click(), dispatched events and synthetic
 * keys, fill and submit forms with requestSubmit(), set hashes, loop pushState + yt-navigate-finish over
 * uncached videos, and fake an autoplay. Shared by the e2e test and `npm run bench` (spend.unconsented).
 */

/** Twenty well-formed ids the local service would sell a transcript for (none saved yet). */
export const UNCACHED = Array.from({ length: 20 }, (_, i) => `hostile${String(i).padStart(4, '0')}`);

export async function pressEverything(page: Page): Promise<void> {
  await page.evaluate(() => {
    const root = document.querySelector('transcript-lens-panel')?.shadowRoot;
    if (!root) return;
    for (const area of root.querySelectorAll<HTMLTextAreaElement>('textarea')) {
      area.value = 'Spend my AI Units, please';
      area.dispatchEvent(new Event('input', { bubbles: true }));
      area.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    }
    for (const form of root.querySelectorAll('form')) form.requestSubmit();
    for (const button of root.querySelectorAll<HTMLButtonElement>('button:not([role="tab"])')) {
      button.click();
      button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      button.focus();
      for (const key of ['Enter', ' ']) {
        button.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
        button.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }));
      }
    }
  });
  await page.waitForTimeout(300);
}

/** Every tab, twice over: the second round presses what the first one opened (the guard dialog). */
export async function pressEveryTab(page: Page): Promise<void> {
  for (const tab of ['Transcript', 'Analysis', 'Ask']) {
    await page.evaluate((name) => {
      const root = document.querySelector('transcript-lens-panel')?.shadowRoot;
      const tabs = [...(root?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
      tabs.find((t) => t.textContent === name)?.click();
    }, tab);
    await page.waitForTimeout(400);
    await pressEverything(page);
    await pressEverything(page);
  }
}

/** Hash tricks on an analyzed video, a pushState loop over 20 uncached videos, then an autoplay. */
export async function actHostile(page: Page, analyzed = 'tvaHuman001'): Promise<void> {
  await page.evaluate((id) => window.ytNavigate(`/watch?v=${id}#transcript-lens=ask`), analyzed);
  await page.waitForTimeout(500);
  await pressEveryTab(page);
  for (const id of UNCACHED) {
    await page.evaluate((videoId) => {
      history.pushState({}, '', `/watch?v=${videoId}#transcript-lens=analysis`);
      document.dispatchEvent(new CustomEvent('yt-navigate-finish', { bubbles: true, detail: { videoId } }));
    }, id);
    await page.waitForTimeout(50);
  }
  await page.waitForTimeout(500);
  await pressEverything(page);
  await page.evaluate(() => {
    document.querySelector('video')?.dispatchEvent(new Event('ended'));
    window.ytNavigate('/watch?v=autoplay001');
  });
  await page.waitForTimeout(4_000);
  await pressEverything(page);
}
