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

/** Every tab, twice over: the second round presses what the first one opened (an Ask form, a price). */
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

/**
 * Clickjacking, as a page script can do it: a bait button of the page's own, and the panel made transparent
 * and slid so that the panel's button `name` lies exactly under the bait. A person's click on the bait then
 * lands, trusted, on the panel's button. Returns the point to click. The host's own styles win over the page's
 * (WXT gives it `all: initial !important` inside its shadow root), so the script styles the column that holds
 * it, with the same effect. (The test build's open shadow root lets the script aim exactly; a store build's
 * closed one only makes it guess.)
 */
export async function coverWithPanel(page: Page, name: string): Promise<{ x: number; y: number }> {
  return page.evaluate((label) => {
    const bait = document.createElement('button');
    bait.textContent = 'Play next video';
    bait.style.cssText = 'position:fixed;left:120px;top:160px;width:220px;height:48px;z-index:1';
    document.body.append(bait);
    const host = document.querySelector<HTMLElement>('transcript-lens-panel');
    const frame = host?.parentElement;
    const buttons = [...(host?.shadowRoot?.querySelectorAll('button') ?? [])];
    const target = buttons.find((b) => b.textContent?.trim() === label);
    if (!host || !frame || !target) throw new Error(`no “${label}” in the panel`);
    const aim = bait.getBoundingClientRect();
    const x = aim.left + aim.width / 2;
    const y = aim.top + aim.height / 2;
    const width = frame.getBoundingClientRect().width;
    for (const element of [host, frame]) element.style.setProperty('opacity', '0', 'important');
    // No named helpers in here: the bench's TypeScript loader would wrap them in a helper the page lacks.
    const fixed = { position: 'fixed', 'z-index': '2147483647', margin: '0', width: `${width}px` };
    for (const [property, value] of Object.entries(fixed)) frame.style.setProperty(property, value, 'important');
    for (let i = 0; i < 2; i++) {
      const f = frame.getBoundingClientRect();
      const t = target.getBoundingClientRect();
      frame.style.setProperty('left', `${f.left + x - (t.left + t.width / 2)}px`, 'important');
      frame.style.setProperty('top', `${f.top + y - (t.top + t.height / 2)}px`, 'important');
    }
    return { x, y };
  }, name);
}
