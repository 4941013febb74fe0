import type { BrowserContext, Page } from '@playwright/test';
import type { TestService } from '../e2e/support/service';
import { MB, pageHeapBytes } from './cdp';
import { showCues } from './cues';
import { type Figure, figure } from './figures';
import { panelFrame } from './panel-frame';
import { SAVED, saveTranscripts } from './saved-videos';

const FIRST = 10;
const LAST = 200;

/**
 * In-page navigations (YouTube's pushState and yt-navigate-finish, the fixture's `ytNavigate`) from the
 * count `from` to `to`, through the saved videos in turn; with the panel, each waits for the new video's first cue
 * in the panel's frame.
 */
async function navigate(page: Page, from: number, to: number, panel: boolean): Promise<void> {
  const frame = panel ? await panelFrame(page) : null;
  for (let n = from; n < to; n++) {
    const id = SAVED[(n + 1) % SAVED.length] ?? SAVED[0];
    // The cue shown now, taken before the navigation starts: read inside the wait below, it could already be the
    // next video's on a frame that draws before that script runs (a busy machine), and would then never change.
    await frame?.evaluate(() => {
      (globalThis as { tlStale?: Element | null }).tlStale = document.querySelector('.tl-cue');
    });
    const shown = frame?.evaluate(async (videoId) => {
      // No named helpers in here: the bench's TypeScript loader would wrap them in a helper the page lacks.
      const stale = (globalThis as { tlStale?: Element | null }).tlStale;
      for (let frames = 0; frames < 600; frames++) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const cue = document.querySelector('.tl-cue');
        const shows = document.querySelector('[data-testid="video-id"]')?.textContent?.includes(videoId);
        if (cue && cue !== stale && shows) return;
      }
      throw new Error(`no cue of ${videoId} after navigating to it`);
    }, id);
    await page.evaluate(async (videoId) => {
      window.ytNavigate(`/watch?v=${videoId}`);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }, id);
    await shown;
  }
}

/** The page isolate's heap (with the panel frame's, when there is one) after FIRST and after LAST navigations. */
async function growth(
  context: BrowserContext,
  host: string,
): Promise<{ first: number; last: number; frameFirst: number; frameLast: number }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const panel = host === 'www.youtube.com';
  await page.goto(`https://${host}/watch?v=${SAVED[0]}`);
  if (panel) await showCues(page);
  const frameCdp = panel ? await context.newCDPSession(await panelFrame(page)) : null;
  await navigate(page, 0, FIRST, panel);
  const first = await pageHeapBytes(cdp);
  const frameFirst = frameCdp ? await pageHeapBytes(frameCdp) : 0;
  await navigate(page, FIRST, LAST, panel);
  const last = await pageHeapBytes(cdp);
  const frameLast = frameCdp ? await pageHeapBytes(frameCdp) : 0;
  await frameCdp?.detach();
  await cdp.detach();
  await page.close();
  return { first, last, frameFirst, frameLast };
}

/**
 * panel.heap_growth_mb_200_navigations: the JS heap after 200 in-page navigations between videos with saved
 * transcripts, minus after 10, each read after a forced GC (CDP HeapProfiler.collectGarbage, then
 * Runtime.getHeapUsage). The content script's isolated world shares the page's isolate, so the figure is the
 * page's growth and the content script's together; the same navigations on the same fixture page without the
 * content script (m.youtube.com) give the page's own share, in the note. Goal ≤ 2 MB.
 */
export async function pageHeapGrowth(context: BrowserContext, service: TestService): Promise<Figure> {
  await service.reset({ limits: false });
  await saveTranscripts(context);
  const withPanel = await growth(context, 'www.youtube.com');
  const without = await growth(context, 'm.youtube.com');
  const mb = (bytes: number) => (bytes / MB).toFixed(2);
  const pageGrown = withPanel.last - withPanel.first;
  const frameGrown = withPanel.frameLast - withPanel.frameFirst;
  const grown = (pageGrown + frameGrown) / MB;
  const note =
    `heaps after a forced GC: the page's isolate (page and content script together) ${mb(withPanel.first)} MB ` +
    `after ${FIRST}, ${mb(withPanel.last)} MB after ${LAST} navigations (${mb(pageGrown)} MB); the panel frame's ` +
    `${mb(withPanel.frameFirst)} MB, then ${mb(withPanel.frameLast)} MB (${mb(frameGrown)} MB); the figure is both ` +
    `growths; the page alone (no content script) grew ${mb(without.last - without.first)} MB`;
  console.log(`page heap: ${note}`);
  return { ...figure('panel.heap_growth_mb_200_navigations', grown, 'MB', '≤ 2', grown <= 2), note };
}
