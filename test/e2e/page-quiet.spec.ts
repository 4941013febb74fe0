import { expect, test } from './fixtures';
import { waitForCues } from './support/panel';

/**
 * What the content script does on a watch page is the panel's work alone: the page's own message listeners are
 * not woken by it (WXT's start-up postMessage is off, entrypoints/youtube.content/index.tsx; panel.page_cost_ms).
 */
test("a watch page's own scripts hear no message from the content script", async ({
  // The extension pointed at the local service, with the saved transcript to show.
  configured: _service,
  context,
  openVideo,
}) => {
  await context.addInitScript(() => {
    const heard: string[] = [];
    (window as unknown as { tlHeard: string[] }).tlHeard = heard;
    window.addEventListener('message', (event) => heard.push(JSON.stringify(event.data)));
  });
  const page = await openVideo('tvaHuman001');
  await waitForCues(page);
  const heard = await page.evaluate(() => (window as unknown as { tlHeard: string[] }).tlHeard);
  expect(heard.filter((data) => data.includes('content-script-started'))).toEqual([]);
});
