import { expect, test } from './fixtures';
import { EXTENSION_DIR } from './support/build';
import { requestsTo } from './support/direct';
import { settledLedger } from './support/money';
import { pageFiles } from './support/page-files';
import { openTab, panelOf, waitForCues } from './support/panel';

/** What the Analysis tab shows once its body has loaded: the price, before anything is bought. */
const price = /^≈ 33 AI Units \(10:24 at 3 per minute\)/;

test('a watch page loads the Analysis and Ask tabs only when one is first opened, once, styled, spending nothing', async ({
  configured,
  context,
  openVideo,
}) => {
  const files = pageFiles(EXTENSION_DIR);
  // A watch page loads the content script's files and its panel frame's.
  const onWatchPages = [...files.every, ...files.frame];
  expect(files.tabs).toEqual(['youtube-tabs.js']);
  const loaded: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'chrome-extension:') loaded.push(url.pathname.slice(1));
  });
  const page = await openVideo('tvaHuman001');
  await waitForCues(page);
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.filter((file) => !onWatchPages.includes(file))).toEqual([]);

  await openTab(page, 'Analysis');
  const panel = panelOf(page);
  await expect(panel.getByText(price)).toBeVisible();
  // A set, as channels.spec.ts reads the channel module: Chromium reports a web-accessible file at its session
  // address too.
  expect(new Set(loaded.filter((file) => !onWatchPages.includes(file)))).toEqual(new Set(files.tabs));
  const tabsLoads = loaded.length;

  // Ask reuses the loaded module; its own stylesheet came with it.
  await openTab(page, 'Ask');
  await expect(panel.getByRole('textbox', { name: 'Question' })).toBeDisabled();
  await expect(panel.locator('.tl-ask')).toHaveCSS('display', 'flex');
  await openTab(page, 'Analysis');
  await expect(panel.getByText(price)).toBeVisible();
  expect(loaded.slice(tabsLoads).filter((file) => files.tabs.includes(file))).toEqual([]);
  expect(requestsTo(await settledLedger(configured, { path: 'sent' }), '/api/watch')).toEqual([]);
});

test("the tabs load under a page's content security policy as strict as YouTube's", async ({
  configured,
  openVideo,
}) => {
  const page = await openVideo('', '/watch?v=tvaHuman001&tl_csp=1');
  const write = () => {
    try {
      document.createElement('div').innerHTML = '<b>page</b>';
      return 'written';
    } catch {
      return 'refused';
    }
  };
  expect(await page.evaluate(write)).toBe('refused');
  await waitForCues(page);
  await openTab(page, 'Analysis');
  const panel = panelOf(page);
  await expect(panel.getByText(price)).toBeVisible();
  await openTab(page, 'Ask');
  await panel.getByRole('button', { name: 'Go to Analysis' }).click();
  await expect(panel.getByRole('tab', { name: 'Analysis' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByText(price)).toBeVisible();
  expect(requestsTo(await settledLedger(configured, { path: 'sent' }), '/api/watch')).toEqual([]);
});
