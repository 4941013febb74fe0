import type { BrowserContext, Page } from '@playwright/test';
import { fixtureTitle } from '../fixtures/routes';
import { expect, test } from './fixtures';
import { clickClosing } from './support/consent';
import { chargesFor, requestsTo } from './support/direct';
import {
  clickMenuItem,
  menuProblem,
  openExtensionPage,
  recordNotifications,
  shownNotifications,
} from './support/extension-pages';
import { settledLedger } from './support/money';
import { waitForCues } from './support/panel';

const LINK = 'tl-analyze-link';
const PAGE = 'tl-analyze-page';
/** Jobs end in 2 s on the service; the extension sees it at its next poll, 10 s after the start. */
const ENDED_TIMEOUT = 25_000;

const confirmPages = (context: BrowserContext) => context.pages().filter((p) => p.url().includes('/confirm.html'));

async function nextConfirmWindow(context: BrowserContext, click: () => Promise<unknown>): Promise<Page> {
  const opened = context.waitForEvent('page');
  await click();
  const page = await opened;
  await expect(page).toHaveURL(/\/confirm\.html\?request=/);
  return page;
}

test('Chromium holds the three menu items the background registers (it refuses an item whose patterns it cannot read)', async ({
  serviceWorker,
}) => {
  // Chrome cannot list menu items; updating one by its id fails when there is none.
  const updates = (ids: string[]) =>
    serviceWorker.evaluate(
      (all) =>
        Promise.all(
          all.map((id) =>
            chrome.contextMenus.update(id, {}).then(
              () => 'held',
              (error: unknown) => String(error),
            ),
          ),
        ),
      ids,
    );
  await expect.poll(() => updates([LINK, 'tl-channel-link', PAGE])).toEqual(['held', 'held', 'held']);
  expect(await updates(['tl-no-such-item'])).toEqual(['Error: Cannot find menu item with id tl-no-such-item']);
});

test('a link to a short known video starts at once, shows in the popup, and notifies when ready', async ({
  configured,
  context,
  extensionId,
  openVideo,
  serviceWorker,
}) => {
  // Its transcript (and so its length) is cached: 11 minutes × 3 = 33 AI Units, within the guard of 50.
  await waitForCues(await openVideo('tvaHuman001'));
  await recordNotifications(serviceWorker);
  await clickMenuItem(serviceWorker, { menuItemId: LINK, linkUrl: 'https://youtu.be/tvaHuman001' });

  const popup = await openExtensionPage(context, extensionId, 'popup');
  const job = popup.locator('.job');
  await expect(job).toHaveCount(1);
  // Started at once: no confirmation window was asked for.
  expect(confirmPages(context)).toEqual([]);
  // Named by its saved transcript's title (the link's page, or the tab, may say nothing of it).
  await expect(job).toContainText(fixtureTitle('tvaHuman001'));
  await expect(job.locator('.job-status')).toHaveText(/Queued|Processing|Ready/);

  await expect
    .poll(() => shownNotifications(serviceWorker), { timeout: ENDED_TIMEOUT })
    .toEqual([
      {
        id: 'tl-job:tvaHuman001',
        title: 'Analysis ready',
        message: `The analysis of “${fixtureTitle('tvaHuman001')}” is ready. Click to open it.`,
      },
    ]);
  await expect(job.locator('.job-status')).toHaveText('Ready');
  // Started once and charged once, read after the polls are over.
  const ledger = await settledLedger(configured, { path: 'sent' });
  expect(requestsTo(ledger, '/api/watch', 'POST').map((r) => r.status)).toEqual([202]);
  expect(chargesFor(ledger, 'tvaHuman001', 'ai').map((c) => c.amount)).toEqual([33]);
});

test('a video of unknown length asks first: the cost per minute, the worst case and the balance; Cancel spends nothing', async ({
  configured,
  context,
  extensionId,
  serviceWorker,
}) => {
  // The popup learns the balance (free), as it would have been opened before.
  const popup = await openExtensionPage(context, extensionId, 'popup');
  await expect(popup.getByRole('heading', { name: 'Pro plan' })).toBeVisible();
  await popup.close();
  const click = () => clickMenuItem(serviceWorker, { menuItemId: LINK, linkUrl: 'https://youtu.be/tvaLong4h01' });

  let confirm = await nextConfirmWindow(context, click);
  await expect(confirm.getByRole('heading', { name: 'Analyze this video?' })).toBeVisible();
  await expect(confirm.getByText('tvaLong4h01')).toBeVisible();
  // Pro analyses up to 240 minutes: the worst case is 720 AI Units.
  await expect(
    confirm.getByText('3 AI Units per started minute of video (its length is not known yet: up to 720 AI Units)'),
  ).toBeVisible();
  await expect(confirm.getByText('10,000 AI Units left.')).toBeVisible();
  await clickClosing(confirm, 'Cancel');
  let ledger = await settledLedger(configured, { path: 'sent' });
  expect(requestsTo(ledger, '/api/watch')).toEqual([]);
  expect(ledger.charges.filter((c) => c.kind === 'ai')).toEqual([]);

  confirm = await nextConfirmWindow(context, click);
  const closing = confirm.waitForEvent('close');
  await confirm.getByRole('button', { name: 'Spend' }).click();
  await expect(confirm.getByRole('status')).toHaveText(
    'Analysis started. You will get a notification when it is ready.',
  );
  await closing;
  ledger = await settledLedger(configured, { path: 'sent' });
  expect(requestsTo(ledger, '/api/watch', 'POST').map((r) => r.status)).toEqual([202]);
  // 4 hours, 240 started minutes at 3 AI Units.
  expect(chargesFor(ledger, 'tvaLong4h01', 'ai').map((c) => c.amount)).toEqual([720]);
});

test('a link or a page that is not a video starts nothing, and a notification says why', async ({
  configured,
  context,
  serviceWorker,
}) => {
  const pagesBefore = context.pages().length;
  await recordNotifications(serviceWorker);
  await clickMenuItem(serviceWorker, { menuItemId: LINK, linkUrl: 'https://example.com/' });
  await expect.poll(() => menuProblem(serviceWorker)).toBe('That link is not a YouTube video.');
  await recordNotifications(serviceWorker);
  await clickMenuItem(serviceWorker, { menuItemId: PAGE, pageUrl: 'https://www.youtube.com/' });
  await expect.poll(() => menuProblem(serviceWorker)).toBe('That link is not a YouTube video.');
  expect(context.pages()).toHaveLength(pagesBefore);
  const ledger = await settledLedger(configured, { path: 'sent' });
  expect(requestsTo(ledger, /^\/api\/watch/)).toEqual([]);
  expect(ledger.charges).toEqual([]);
});

test('a failed analysis started from a video page notifies "Analysis failed" with the reason', async ({
  configured,
  openVideo,
  serviceWorker,
}) => {
  await configured.control('jobs', { failNext: { errorCode: 'internal', retryable: true } });
  const video = await openVideo('tvaHuman001');
  await waitForCues(video);
  await recordNotifications(serviceWorker);
  // In the page's own tab, which Chromium hands the extension without a title (no tabs permission): the
  // notification names the video by its saved transcript's title.
  await clickMenuItem(serviceWorker, { menuItemId: PAGE }, video);
  await expect
    .poll(() => shownNotifications(serviceWorker), { timeout: ENDED_TIMEOUT })
    .toEqual([
      {
        id: 'tl-job:tvaHuman001',
        title: 'Analysis failed',
        message: `${fixtureTitle('tvaHuman001')}: The analysis failed because of an internal error. Starting it again may work.`,
      },
    ]);
});

test.describe('on a channel link', () => {
  test.use({ token: 'demo-starter' });

  test('"List this channel’s uploads" opens its uploads page with the price, and spends nothing', async ({
    configured,
    context,
    serviceWorker,
  }) => {
    const opened = context.waitForEvent('page');
    await clickMenuItem(serviceWorker, { menuItemId: 'tl-channel-link', linkUrl: 'https://www.youtube.com/c/tvademo' });
    const page = await opened;
    await expect(page).toHaveURL('https://www.youtube.com/c/tvademo/videos');
    const panel = page.locator('transcript-lens-panel');
    await expect(panel.getByRole('button', { name: 'List uploads' })).toBeVisible();
    await expect(panel.getByText(/^1 Cloud Request · [\d,]+ left$/)).toBeVisible();
    // Listing still needs the person's click on the page.
    let ledger = await settledLedger(configured, { path: 'sent' });
    expect(requestsTo(ledger, '/api/channels')).toEqual([]);
    expect(ledger.charges).toEqual([]);

    const pages = context.pages().length;
    await recordNotifications(serviceWorker);
    await clickMenuItem(serviceWorker, {
      menuItemId: 'tl-channel-link',
      linkUrl: 'https://www.youtube.com/feed/trending',
    });
    await expect.poll(() => menuProblem(serviceWorker)).toBe('That link is not a YouTube channel.');
    expect(context.pages()).toHaveLength(pages);

    await panel.getByRole('button', { name: 'List uploads' }).click();
    await expect(panel.getByText(/TVA Demo: 42 uploads listed just now/)).toBeVisible();
    ledger = await settledLedger(configured, { path: 'sent' });
    expect(ledger.charges.map((c) => [c.kind, c.amount])).toEqual([['cloud', 1]]);
  });
});
