import type { Page } from '@playwright/test';

/** What the bench records in the library page: the last keystroke, the query leaving it, the results shown. */
type Clock = { typed: number; sent: number; shown: number };
type BenchWindow = Window & { __benchClock?: Clock };

/** One search as a person makes it in the library page's search box. */
export type BoxSearch = {
  /** From the keystroke to the results laid out: the page's pause for typing to stop included. */
  typedMs: number;
  /** From the page sending the query to the background to the results' first screen laid out. */
  searchMs: number;
  /** The videos of the results, best first. */
  videos: string[];
  nothing: boolean;
};

/**
 * Clocks the library page's search from outside the product (call once per page): a listener for the search
 * box's input, a wrapper around the extension's messaging as the page calls it, and an observer for the
 * results' region appearing. No named helpers in here: the bench's TypeScript loader would wrap them in a
 * helper the page lacks.
 */
export async function clockSearches(page: Page): Promise<void> {
  await page.evaluate(() => {
    const clock: Clock = { typed: 0, sent: 0, shown: 0 };
    (window as BenchWindow).__benchClock = clock;
    document.addEventListener(
      'input',
      (e) => {
        if (e.target instanceof HTMLInputElement && e.target.type === 'search') clock.typed = performance.now();
      },
      true,
    );
    // The page reaches the background through `browser` (a polyfill over `chrome`, or the browser's own).
    const runtimes = new Set([chrome.runtime, typeof browser === 'undefined' ? chrome.runtime : browser.runtime]);
    for (const runtime of runtimes) {
      const send = runtime.sendMessage;
      Reflect.set(runtime, 'sendMessage', (...args: unknown[]) => {
        const message = args[0];
        // The page asks the first screen, then all: the clock starts at the first.
        const rest =
          typeof message === 'object' && message !== null && 'limit' in message && Number(message.limit) > 20;
        if (typeof message === 'object' && message !== null && 'type' in message && message.type === 'library.search') {
          if (!rest) clock.sent = performance.now();
        }
        const reply: unknown = Reflect.apply(send, runtime, args);
        return reply;
      });
    }
    new MutationObserver(() => {
      const results = document.querySelector('section[aria-label="Search results"]');
      if (clock.shown === 0 && results) {
        results.getBoundingClientRect();
        clock.shown = performance.now();
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

/** Clears the box, types the query, waits for its results and reads them. */
export async function searchInBox(page: Page, query: string, timeout = 30_000): Promise<BoxSearch> {
  const box = page.getByRole('searchbox', { name: 'Search library' });
  const results = page.getByRole('region', { name: 'Search results' });
  await box.fill('');
  await results.waitFor({ state: 'detached' });
  await page.evaluate(() => Object.assign((window as BenchWindow).__benchClock ?? {}, { typed: 0, sent: 0, shown: 0 }));
  await box.fill(query);
  await results.waitFor({ timeout });
  // The clock stops at the first screen laid out; the results are read once the rest has come and is laid out.
  await page
    .locator('section[aria-label="Search results"]:not([aria-busy="true"]):not(:has([aria-busy="true"]))')
    .waitFor({ timeout });
  const clock = await page.evaluate(() => (window as BenchWindow).__benchClock);
  if (!clock || !(clock.typed > 0 && clock.sent > clock.typed && clock.shown > clock.sent)) {
    throw new Error(`the library search was not clocked: ${JSON.stringify(clock)}`);
  }
  const videos = await results
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get('v') ?? ''));
  const nothing = (await results.getByText('Nothing found.').count()) > 0;
  return { typedMs: clock.shown - clock.typed, searchMs: clock.shown - clock.sent, videos, nothing };
}
