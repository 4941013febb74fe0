import type { Locator, Page } from '@playwright/test';

/**
 * What a hostile page script can do to the panel, run in the page's own world like YouTube's scripts:
 * press every button of the (test build: open) shadow root by click(), dispatched events and synthetic
 * keys, fill and submit forms with requestSubmit(), set hashes, loop pushState + yt-navigate-finish over
 * uncached videos, fake an autoplay, and post the panel frame's own messages to its window. The watch page's
 * panel is in a frame the page cannot read (`frameReach`): of it the script reaches the frame element only.
 * Shared by the e2e test and `npm run bench` (spend.unconsented).
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

/** What a page script reaches of the panel frame's document: 'none' (another origin's), 'document', 'no frame'. */
export async function frameReach(page: Page): Promise<string> {
  return page.evaluate(() => {
    const frame = document.querySelector('transcript-lens-panel')?.shadowRoot?.querySelector('iframe');
    if (!frame) return 'no frame';
    try {
      return frame.contentDocument === null && frame.contentWindow?.document === undefined ? 'none' : 'document';
    } catch {
      return 'none';
    }
  });
}

/**
 * Posts the messages the content script sends the panel frame (a video, a seek, a tab) to the frame's window, as
 * a page can: the frame hears the content script on a runtime port only, never on its window.
 */
export async function postToFrame(page: Page): Promise<void> {
  await page.evaluate(() => {
    const frame = document.querySelector('transcript-lens-panel')?.shadowRoot?.querySelector('iframe');
    const messages = [
      { t: 'video', videoId: 'hostile0000', title: 'Spend', tab: 'analysis', prefs: null },
      { t: 'tab', tab: 'ask' },
      { t: 'toggle' },
      { t: 'seek', seconds: 99 },
    ];
    for (const message of messages) frame?.contentWindow?.postMessage(message, '*');
  });
}

/**
 * What a page script can aim at the panel's frame from outside it: focus it, dispatch clicks and keys on the frame
 * element and on the window (the content script counts a person's trusted input there, for automatic loading),
 * and post the frame's messages to the page's own window and to the frame's. None of it is trusted input.
 */
export async function pokeFrame(page: Page): Promise<void> {
  await page.evaluate(() => {
    const frame = document.querySelector('transcript-lens-panel')?.shadowRoot?.querySelector('iframe');
    frame?.focus();
    for (const target of [frame, window, document.body]) {
      if (!target) continue;
      for (const type of ['pointerdown', 'mousedown', 'mouseup', 'click']) {
        target.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, clientX: 10, clientY: 10 }));
      }
      for (const key of ['Enter', ' ', 'a']) {
        target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
        target.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }));
      }
    }
    const messages = [
      { t: 'input' },
      { t: 'view', visible: true, focused: true },
      { t: 'tab', tab: 'analysis' },
      { type: 'analysis.start', videoId: 'hostile0000', mode: 'deep', guardConfirmed: true },
    ];
    for (const message of messages) {
      window.postMessage(message, '*');
      frame?.contentWindow?.postMessage(message, '*');
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
  await postToFrame(page);
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
 * and slid so that the panel's button `target` lies exactly under the bait. A person's click on the bait then
 * lands, trusted, on the panel's button. Returns the point to click. The host's own styles win over the page's
 * (WXT gives it `all: initial !important` inside its shadow root), so the script styles the column that holds
 * it, with the same effect. The panel is in a frame the page cannot read, so a page could only guess where the
 * button is: the test tells the script (the worst case), from outside, where Playwright sees the button.
 */
export async function coverWithPanel(page: Page, target: Locator): Promise<{ x: number; y: number }> {
  await target.waitFor();
  const bait = await page.evaluate(() => {
    const button = document.createElement('button');
    button.textContent = 'Play next video';
    button.style.cssText = 'position:fixed;left:120px;top:160px;width:220px;height:48px;z-index:1';
    document.body.append(button);
    const host = document.querySelector<HTMLElement>('transcript-lens-panel');
    const column = host?.parentElement;
    if (!host || !column) throw new Error('no panel in the page');
    const width = column.getBoundingClientRect().width;
    for (const element of [host, column]) element.style.setProperty('opacity', '0', 'important');
    // No named helpers in here: the bench's TypeScript loader would wrap them in a helper the page lacks.
    const fixed = { position: 'fixed', 'z-index': '2147483647', margin: '0', width: `${width}px` };
    for (const [property, value] of Object.entries(fixed)) column.style.setProperty(property, value, 'important');
    const aim = button.getBoundingClientRect();
    return { x: aim.left + aim.width / 2, y: aim.top + aim.height / 2 };
  });
  for (let i = 0; i < 2; i++) {
    const box = await target.boundingBox();
    if (!box) throw new Error('the panel’s button is not laid out');
    await page.evaluate(
      ({ x, y, tx, ty }) => {
        const column = document.querySelector('transcript-lens-panel')?.parentElement;
        if (!column) return;
        const f = column.getBoundingClientRect();
        column.style.setProperty('left', `${f.left + x - tx}px`, 'important');
        column.style.setProperty('top', `${f.top + y - ty}px`, 'important');
      },
      { ...bait, tx: box.x + box.width / 2, ty: box.y + box.height / 2 },
    );
  }
  return bait;
}
