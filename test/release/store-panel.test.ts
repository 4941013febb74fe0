import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Frame, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension } from '../e2e/support/browser';
import { PRODUCTION_DIR } from '../e2e/support/build';
import { routeYouTube } from '../fixtures/routes';

/**
 * The Chromium store build as `npm run build` leaves it (the one `wxt zip` packs), loaded in Chromium on a
 * fixture watch page at its real address: the panel's host is there, and the page's own scripts can neither read
 * into it nor reach the panel's frame. The e2e suite runs the test build, whose shadow root is open. No token is
 * set, so the panel asks for one and nothing is sent to the service (routeYouTube lets nothing leave the
 * machine).
 */
let context: BrowserContext;
let page: Page;
let frame: Frame;

beforeAll(async () => {
  if (!existsSync(join(PRODUCTION_DIR, 'manifest.json'))) {
    throw new Error(`No store build in ${PRODUCTION_DIR}: run npm run build first.`);
  }
  context = await launchWithExtension(PRODUCTION_DIR);
  await routeYouTube(context);
  page = await context.newPage();
  await page.goto('https://www.youtube.com/watch?v=tvaHuman001');
  await page.waitForSelector('transcript-lens-panel');
  // The panel drawn in its frame, seen through CDP, as no page script can.
  const found = await waitFor(() => page.frames().find((f) => f.url().includes('/panel-frame.html')));
  frame = found;
  await frame.getByRole('tab', { name: 'Transcript' }).waitFor();
}, 120_000);

afterAll(async () => {
  await context?.close();
});

async function waitFor<T>(find: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = find();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the Chromium store build on a watch page', () => {
  it("draws the panel, in a frame of the extension's own inside the host", async () => {
    expect(new URL(frame.url()).protocol).toBe('chrome-extension:');
    await expect(frame.getByRole('tablist').count()).resolves.toBe(1);
  });

  it('gives page scripts no shadow root: the host has one, closed', async () => {
    const seen = await page.evaluate(() => {
      const host = document.querySelector('transcript-lens-panel');
      let attachAgain = 'allowed';
      try {
        host?.attachShadow({ mode: 'open' });
      } catch (error) {
        attachAgain = error instanceof DOMException ? error.name : 'thrown';
      }
      return {
        host: host !== null,
        shadowRootIsNull: host?.shadowRoot === null,
        lightChildren: host?.childElementCount,
        // A second shadow root cannot be attached: the host has one already, which page scripts are not given.
        attachAgain,
      };
    });
    expect(seen).toEqual({ host: true, shadowRootIsNull: true, lightChildren: 0, attachAgain: 'NotSupportedError' });
  });

  it("lets a page script find nothing of the panel's to read or click", async () => {
    const seen = await page.evaluate(() => {
      const host = document.querySelector('transcript-lens-panel');
      const box = host?.getBoundingClientRect();
      const hit = box
        ? document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(40, box.height / 2))
        : null;
      return {
        height: box?.height ?? 0,
        // What a script would click at the panel's place: the host itself, nothing inside it.
        hit: hit?.localName,
        frames: document.querySelectorAll('iframe').length,
        buttons: document.querySelectorAll('transcript-lens-panel button, transcript-lens-panel [role="tab"]').length,
        // Through the host's shadow root, were it open: the panel's frame, the playlist fold, the views.
        inside: host?.shadowRoot?.querySelectorAll('*').length ?? 0,
        text: host?.textContent ?? null,
      };
    });
    expect(seen).toEqual({
      height: expect.any(Number),
      hit: 'transcript-lens-panel',
      frames: 0,
      buttons: 0,
      inside: 0,
      text: '',
    });
    expect(seen.height).toBeGreaterThan(0);
  });

  it("gives page scripts no handle on the panel's frame: not one of the window's frames", async () => {
    await expect(frame.evaluate(() => document.title)).resolves.toBe('Transcript Lens');
    // A frame in a shadow tree is not among the document's child frames, so `window.frames` cannot name it (and
    // its document, an extension's, would be another origin's).
    const reads = await page.evaluate(() =>
      Array.from({ length: window.frames.length }, (_, i) => {
        try {
          return window.frames[i]?.document.title ?? 'no frame';
        } catch (error) {
          return error instanceof DOMException ? error.name : 'thrown';
        }
      }),
    );
    expect(reads).toEqual([]);
  });

  it("leaves nothing in the page's storage that would tell its scripts the extension is there", async () => {
    // The frame has reported its height by now (the page's host has one): a first height kept for the next page
    // goes to the extension's storage, never the page's.
    await expect(
      page.evaluate(() => document.querySelector('transcript-lens-panel')?.clientHeight),
    ).resolves.toBeGreaterThan(0);
    const kept = await page.evaluate(() => ({
      local: Object.keys(localStorage),
      session: Object.keys(sessionStorage),
    }));
    expect(kept).toEqual({ local: [], session: [] });
  });
});
