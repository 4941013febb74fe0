import { fixtureTitle } from '../fixtures/routes';
import { expect, test } from './fixtures';
import { EXTENSION_DIR } from './support/build';
import { requestsTo } from './support/direct';
import { settledLedger } from './support/money';
import { pageFiles } from './support/page-files';
import { hostOf, loadButton, loadTranscript, waitForCues } from './support/panel';
import { navigate } from './support/video';

const listButton = (page: import('@playwright/test').Page) =>
  hostOf(page).getByRole('button', { name: 'List uploads' });
const TVADEMO_UC = 'UCtvademo000000000000000';

test.describe('on Starter', () => {
  test.use({ token: 'demo-starter' });

  test('lists @tvademo for 1 Cloud Request shown first; filter, select, and a saved listing is free', async ({
    configured,
    openVideo,
  }) => {
    const page = await openVideo('', '/@tvademo/videos');
    const panel = hostOf(page);
    await expect(listButton(page)).toBeVisible();
    await expect(panel.getByText(/^1 Cloud Request · [\d,]+ left$/)).toBeVisible();
    expect(requestsTo(await settledLedger(configured, { path: 'sent' }), '/api/channels')).toEqual([]);

    await listButton(page).click();
    await expect(panel.getByText(/TVA Demo: 42 uploads listed just now/)).toBeVisible();
    const boxes = panel.getByRole('checkbox');
    await expect(boxes.first()).toBeVisible();
    const firstTitle = (await boxes.first().getAttribute('aria-label')) ?? '';
    expect(firstTitle.length).toBeGreaterThan(0);
    await expect(panel.getByRole('link', { name: firstTitle })).toHaveAttribute('href', /\/watch\?v=[\w-]{11}$/);
    let ledger = await settledLedger(configured, { path: 'sent' });
    expect(ledger.charges.map((c) => [c.kind, c.amount])).toEqual([['cloud', 1]]);
    expect(requestsTo(ledger, '/api/channels')).toHaveLength(1);

    // Keyboard: Space on a focused checkbox selects it; select all / none.
    await boxes.first().focus();
    await page.keyboard.press('Space');
    await expect(panel.getByText('1 selected · 42 shown')).toBeVisible();
    await panel.getByRole('button', { name: 'Select all' }).click();
    await expect(panel.getByText('42 selected · 42 shown')).toBeVisible();
    await panel.getByRole('button', { name: 'Select none' }).click();
    await panel.getByRole('searchbox', { name: 'Filter uploads' }).fill(firstTitle);
    await expect(panel.getByText(/^0 selected · [1-9]\d* shown$/)).toBeVisible();
    await expect(panel.getByRole('checkbox', { name: firstTitle })).toBeVisible();

    // The listing is held: reloading shows it again for free, with the refresh priced.
    await page.reload();
    await expect(panel.getByText(/TVA Demo: 42 uploads listed/)).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Refresh uploads' })).toBeVisible();
    await expect(panel.getByText(/^1 Cloud Request · [\d,]+ left$/)).toBeVisible();
    ledger = await settledLedger(configured, { path: 'sent' });
    expect(requestsTo(ledger, '/api/channels')).toHaveLength(1);
  });

  test('an upload whose transcript is saved is marked, newest first', async ({ configured, openVideo }) => {
    const video = await openVideo('tvaHuman001');
    await loadTranscript(video);
    await waitForCues(video);
    const page = await openVideo('', '/@tvademo');
    await listButton(page).click();
    const panel = hostOf(page);
    const first = panel.locator('.tl-upload').first();
    await expect(first.getByRole('checkbox')).toHaveAccessibleName(fixtureTitle('tvaHuman001'));
    await expect(first).toContainText('transcript saved');
    await expect(panel.locator('.tl-upload').nth(1)).not.toContainText('transcript saved');
    expect(
      (await settledLedger(configured, { path: 'sent' })).charges.map((c) => c.reason.length > 0 && c.amount),
    ).toEqual([1, 1]);
  });

  test('@tvabig says the service lists at most 500', async ({ configured, openVideo }) => {
    const page = await openVideo('', '/@tvabig');
    await listButton(page).click();
    const panel = hostOf(page);
    await expect(panel.getByText('More uploads exist than the service lists (500).')).toBeVisible();
    await expect(panel.getByText(/TVA Big Archive: 500 uploads listed/)).toBeVisible();
    expect((await settledLedger(configured, { path: 'sent' })).charges).toHaveLength(1);
  });

  test('a per-channel failure is a sentence and costs nothing', async ({ configured, openVideo }) => {
    const page = await openVideo('', '/@tvabroken');
    await listButton(page).click();
    await expect(hostOf(page).getByRole('alert')).toContainText('Nothing was charged.');
    expect((await settledLedger(configured, { path: 'sent' })).charges).toEqual([]);
  });

  test('every channel URL form, reached by in-page navigation, shows the channel view', async ({
    configured,
    openVideo,
  }) => {
    const page = await openVideo('', '/');
    await expect(hostOf(page)).toHaveCount(0);
    await navigate(page, `/channel/${TVADEMO_UC}/videos`);
    await expect(listButton(page)).toBeVisible();
    await navigate(page, '/watch?v=tvaHuman001');
    await expect(loadButton(page)).toBeVisible();
    await navigate(page, '/c/tvademo');
    await expect(listButton(page)).toBeVisible();
    await navigate(page, '/user/tvademo/streams');
    await expect(listButton(page)).toBeVisible();
    // YouTube removes the panel at will: it comes back on a channel page too.
    await page.evaluate(() => document.querySelector('transcript-lens-panel')?.remove());
    await expect(listButton(page)).toBeVisible();
    await listButton(page).click();
    await expect(hostOf(page).getByText(/TVA Demo: 42 uploads listed/)).toBeVisible();
    const channels = requestsTo(await settledLedger(configured, { path: 'sent' }), '/api/channels');
    expect(channels.map((r) => r.status)).toEqual([200]);
  });

  test('a listing bought on /c/name is found on the @handle and /channel/UC… pages: never listed twice', async ({
    configured,
    openVideo,
  }) => {
    const page = await openVideo('', '/c/TVADemo/videos');
    await listButton(page).click();
    await expect(hostOf(page).getByText(/TVA Demo: 42 uploads listed just now/)).toBeVisible();
    for (const path of ['/@TVADemo/videos', `/channel/${TVADEMO_UC}`, '/c/tvademo']) {
      await navigate(page, path);
      await expect(hostOf(page).getByText(/TVA Demo: 42 uploads listed/)).toBeVisible();
      await expect(hostOf(page).getByRole('button', { name: 'Refresh uploads' })).toBeVisible();
    }
    const ledger = await settledLedger(configured, { path: 'sent' });
    expect(requestsTo(ledger, '/api/channels')).toHaveLength(1);
    expect(ledger.charges.map((c) => [c.kind, c.amount])).toEqual([['cloud', 1]]);
  });

  test('synthetic clicks on "List uploads" from the page spend nothing', async ({ configured, openVideo }) => {
    const page = await openVideo('', '/@tvademo');
    await expect(listButton(page)).toBeVisible();
    await page.evaluate(() => {
      const root = document.querySelector('transcript-lens-panel')?.shadowRoot;
      for (const button of root?.querySelectorAll<HTMLButtonElement>('button') ?? []) {
        button.click();
        button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
        button.focus();
        button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
      }
    });
    const ledger = await settledLedger(configured, { path: 'sent' });
    expect(requestsTo(ledger, '/api/channels')).toEqual([]);
    expect(ledger.charges).toEqual([]);
  });
});

test.describe('on Free', () => {
  test.use({ token: 'demo-free' });

  test('listing needs Starter: a sentence with the upgrade step, and no request', async ({ configured, openVideo }) => {
    const page = await openVideo('', '/@tvademo');
    await expect(hostOf(page).getByText(/needs the Starter plan or higher\. Upgrade your plan/)).toBeVisible();
    await expect(listButton(page)).toHaveCount(0);
    expect(requestsTo(await settledLedger(configured, { path: 'sent' }), '/api/channels')).toEqual([]);
  });
});

test.describe('the channel view is a module of its own (docs/benchmarks.md)', () => {
  test.use({ token: 'demo-starter' });

  test('a watch page never loads it; a channel page loads it once, styled, and the panel comes back after', async ({
    configured,
    context,
    openVideo,
  }) => {
    const files = pageFiles(EXTENSION_DIR);
    // A watch page loads the content script's files and its panel frame's.
    const onWatchPages = [...files.every, ...files.frame];
    const loaded: string[] = [];
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol === 'chrome-extension:') loaded.push(url.pathname.slice(1));
    });
    const page = await openVideo('tvaHuman001');
    await expect(loadButton(page)).toBeVisible();
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((file) => !onWatchPages.includes(file))).toEqual([]);

    await navigate(page, '/@tvademo/videos');
    await expect(listButton(page)).toBeVisible();
    expect(new Set(loaded.filter((file) => !onWatchPages.includes(file)))).toEqual(new Set(files.channel));
    const channelLoads = loaded.length;
    await expect(hostOf(page).locator('.tl-channel')).toHaveCSS('display', 'flex');

    // Back on a video the panel's own view replaces it; the next channel page reuses the loaded module.
    await navigate(page, '/watch?v=tvaHuman001');
    await expect(loadButton(page)).toBeVisible();
    await expect(hostOf(page).locator('.tl-channel')).toHaveCount(0);
    await navigate(page, '/c/tvademo');
    await expect(listButton(page)).toBeVisible();
    expect(loaded.slice(channelLoads).filter((file) => files.channel.includes(file))).toEqual([]);
    expect(requestsTo(await settledLedger(configured, { path: 'sent' }), '/api/channels')).toEqual([]);
  });

  test("it loads under a page's content security policy as strict as YouTube's", async ({ configured, openVideo }) => {
    const page = await openVideo('', '/@tvademo/videos?tl_csp=1');
    // The policy is in force: the page's own scripts may not write HTML without Trusted Types.
    const write = () => {
      try {
        document.createElement('div').innerHTML = '<b>page</b>';
        return 'written';
      } catch {
        return 'refused';
      }
    };
    expect(await page.evaluate(write)).toBe('refused');
    await expect(listButton(page)).toBeVisible();
    await expect(hostOf(page).locator('.tl-channel')).toHaveCSS('display', 'flex');
    await listButton(page).click();
    await expect(hostOf(page).getByText(/TVA Demo: 42 uploads listed just now/)).toBeVisible();
    expect(requestsTo(await settledLedger(configured, { path: 'sent' }), '/api/channels')).toHaveLength(1);
  });
});
