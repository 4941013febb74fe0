import type { Page } from '@playwright/test';

/**
 * Where an open's start went before its `library.list` could leave, from the page's own timing entries (ms from
 * the navigation's start): the document's request and response, its scripts' and styles' last response, the
 * module's evaluation done (DOMContentLoaded). Slow responses are the browser or the driver; a slow DOMContentLoaded
 * after them is the page's own thread.
 */
export async function loadSplit(page: Page): Promise<string> {
  const t = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const scripts = resources.filter(
      (r) => r.initiatorType === 'script' || r.initiatorType === 'link' || r.initiatorType === 'other',
    );
    return {
      request: nav?.requestStart ?? Number.NaN,
      html: nav?.responseEnd ?? Number.NaN,
      scripts: scripts.length,
      lastScript: Math.max(0, ...scripts.map((r) => r.responseEnd)),
      dcl: nav?.domContentLoadedEventEnd ?? Number.NaN,
    };
  });
  return `req ${t.request.toFixed(0)} html ${t.html.toFixed(0)} ${t.scripts} res→${t.lastScript.toFixed(0)} dcl ${t.dcl.toFixed(0)}`;
}
