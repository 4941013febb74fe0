import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pressAnalyze } from './support/analysis';
import { spendInWindow } from './support/consent';
import { chargesFor, requestsTo } from './support/direct';
import { accountOnService, embeddedOptions, openExtensionPage } from './support/extension-pages';
import { settledLedger } from './support/money';
import { hostOf, panelOf, waitForCues } from './support/panel';
import { configureExtension } from './support/service';

const balance = (popup: Page, label: 'Cloud Requests' | 'AI Units') =>
  popup.locator('.balance').filter({ has: popup.getByText(label, { exact: true }) });

test.describe('without a token', () => {
  test.use({ token: null });

  test('"Add your API token" opens the options page', async ({ configured: _, context, extensionId }) => {
    const popup = await openExtensionPage(context, extensionId, 'popup');
    await expect(popup.getByRole('heading', { name: 'Connect to the service' })).toBeVisible();
    const opened = context.waitForEvent('page');
    await popup.getByRole('button', { name: 'Add your API token' }).click();
    const options = await opened;
    await expect(options).toHaveURL(`chrome://extensions/?options=${extensionId}`);
    await expect.poll(() => embeddedOptions(options)).toEqual([`chrome-extension://${extensionId}/options.html`]);
  });
});

test('demo-pro: the plan and fresh balances with meters; a transcript viewed costs one Cloud Request', async ({
  configured,
  context,
  extensionId,
  openVideo,
}) => {
  const account = await accountOnService(configured, 'demo-pro');
  expect([account.cloudRequests, account.aiUnits]).toEqual([3500, 10000]);
  const popup = await openExtensionPage(context, extensionId, 'popup');
  await expect(popup.getByRole('heading', { name: 'Pro plan' })).toBeVisible();
  await expect(balance(popup, 'Cloud Requests')).toContainText('3,500');
  await expect(balance(popup, 'AI Units')).toContainText('10,000');
  const cloudMeter = popup.getByRole('meter', { name: 'Cloud Requests left' });
  await expect(cloudMeter).toHaveAttribute('aria-valuetext', '3,500 of 3,500 left this month');
  await expect(popup.getByRole('meter', { name: 'AI Units left' })).toHaveAttribute(
    'aria-valuetext',
    '10,000 of 10,000 left this month',
  );

  const video = await openVideo('tvaHuman001');
  await waitForCues(video);
  expect((await accountOnService(configured, 'demo-pro')).cloudRequests).toBe(3499);
  await popup.reload();
  await expect(balance(popup, 'Cloud Requests')).toContainText('3,499');
  await expect(cloudMeter).toHaveAttribute('aria-valuetext', '3,499 of 3,500 left this month');
  await expect(balance(popup, 'AI Units')).toContainText('10,000');
});

test('the AI top-up is shown; Cloud Requests at 0 say what the service offers, with nothing to buy here', async ({
  configured,
  context,
  extensionId,
}) => {
  await configured.control('accounts', { token: 'demo-pro', cloudRequests: 0, aiTopUp: 250 });
  const popup = await openExtensionPage(context, extensionId, 'popup');
  await expect(popup.getByRole('heading', { name: 'Pro plan' })).toBeVisible();
  await expect(popup.getByText('AI top-up: 250 AI Units, used after the monthly allowance')).toBeVisible();
  await expect(popup.getByText('Your Cloud Requests have run out.')).toBeVisible();
  const offers = popup.getByRole('list', { name: 'What the service offers' });
  await expect(offers.getByRole('listitem')).toHaveText([
    /^Non-expiring pay-as-you-go Cloud Request packs exist separately/,
    /one-time trial allowance of 100 Developer Requests/,
    'These are bought on the service’s own site, not in Transcript Lens.',
  ]);
  await expect(popup.getByRole('link', { name: /buy|pack|top-up/i })).toHaveCount(0);
  await expect(popup.getByRole('button', { name: /buy|pack|top-up/i })).toHaveCount(0);
  expect((await settledLedger(configured, { path: 'sent' })).charges).toEqual([]);
});

test.describe('a marketplace key', () => {
  test.use({ token: 'mkt-demo' });

  test('the plan is unknown, says why, and shows the last balances seen with their age', async ({
    configured,
    context,
    extensionId,
    openVideo,
    serviceWorker,
  }) => {
    const video = await openVideo('tvaHuman001');
    await waitForCues(video);
    const account = await accountOnService(configured, 'mkt-demo');
    const popup = await openExtensionPage(context, extensionId, 'popup');
    await expect(popup.getByRole('heading', { name: 'Plan unknown' })).toBeVisible();
    await expect(popup.getByText(/^This key comes from an API marketplace/)).toContainText(
      'balances below are the last ones seen on transcript and analysis responses',
    );
    await expect(balance(popup, 'Cloud Requests')).toContainText(account.cloudRequests.toLocaleString('en-US'));
    await expect(balance(popup, 'AI Units')).toContainText(account.aiUnits.toLocaleString('en-US'));
    await expect(popup.getByText('Balances seen just now.')).toBeVisible();
    await expect(popup.getByRole('alert')).toHaveCount(0);

    // Seen five minutes ago: the age says so.
    await serviceWorker.evaluate(async () => {
      const { account } = await chrome.storage.local.get('account');
      if (account) await chrome.storage.local.set({ account: { ...account, balancesAt: Date.now() - 5 * 60_000 } });
    });
    await popup.reload();
    await expect(popup.getByText('Balances seen 5 minutes ago.')).toBeVisible();
    await expect(popup.getByRole('heading', { name: 'Plan unknown' })).toBeVisible();
  });
});

test.describe('errors', () => {
  test.describe('an unverified e-mail', () => {
    test.use({ token: 'demo-unverified' });
    test('says to verify the e-mail address', async ({ configured: _, context, extensionId }) => {
      const popup = await openExtensionPage(context, extensionId, 'popup');
      await expect(popup.getByRole('alert').first()).toContainText(
        'Your account e-mail address is not verified yet. Open the link the service e-mailed you, then try again.',
      );
    });
  });

  test.describe('an unknown token', () => {
    test.use({ token: 'nope' });
    test('says the token is not valid and offers the options', async ({ configured: _, context, extensionId }) => {
      const popup = await openExtensionPage(context, extensionId, 'popup');
      const alert = popup.getByRole('alert').first();
      await expect(alert).toContainText(
        'Your API token is missing or not valid. Add or fix it in the Transcript Lens options.',
      );
      const opened = context.waitForEvent('page');
      await alert.getByRole('button', { name: 'Open options' }).click();
      const options = await opened;
      await expect(options).toHaveURL(`chrome://extensions/?options=${extensionId}`);
      await expect.poll(() => embeddedOptions(options)).toHaveLength(1);
    });
  });

  test('a service that cannot be reached gives the connection sentence', async ({
    configured: _,
    context,
    extensionId,
    serviceWorker,
  }) => {
    await configureExtension(serviceWorker, 'http://127.0.0.1:9', 'demo-pro');
    const popup = await openExtensionPage(context, extensionId, 'popup');
    const alert = popup.getByRole('alert').first();
    await expect(alert).toContainText(
      'Transcript Lens could not reach the service. Check your connection or the service address in the options.',
      { timeout: 30_000 },
    );
    await expect(alert.getByRole('button', { name: 'Open options' })).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});

test('a finished analysis is listed as Ready; clicking it opens the video on its Analysis tab', async ({
  configured,
  context,
  extensionId,
  openVideo,
}) => {
  const video = await openVideo('tvaHuman001');
  await waitForCues(video);
  await panelOf(video).getByRole('tab', { name: 'Analysis' }).click();
  await pressAnalyze(panelOf(video));
  const popup = await openExtensionPage(context, extensionId, 'popup');
  const item = popup.locator('.job');
  await expect(item).toHaveCount(1);
  await expect(item.locator('.job-status')).toHaveText(/Queued|Processing/);
  // The extension polls every 10 s; the popup hears the end from the background.
  await expect(item.locator('.job-status')).toHaveText('Ready', { timeout: 25_000 });
  const ledger = await settledLedger(configured, { path: 'sent' });
  expect(requestsTo(ledger, '/api/watch', 'POST')).toHaveLength(1);
  expect(chargesFor(ledger, 'tvaHuman001', 'ai').map((c) => c.amount)).toEqual([33]);

  const opened = context.waitForEvent('page');
  await item.getByRole('link').click();
  const page = await opened;
  await expect(page).toHaveURL('https://www.youtube.com/watch?v=tvaHuman001#transcript-lens=analysis');
  await expect(panelOf(page).getByRole('tab', { name: 'Analysis' })).toHaveAttribute('aria-selected', 'true');
  await expect(panelOf(page).getByRole('heading', { name: 'Summary' })).toBeVisible();
});

test('watchlists: two for demo-pro with their recorded counts, uploads as links, and free', async ({
  configured,
  context,
  extensionId,
}) => {
  const popup = await openExtensionPage(context, extensionId, 'popup');
  await expect(popup.getByText('Free: loading watchlists costs nothing.')).toBeVisible();
  await popup.getByRole('button', { name: 'Show watchlists' }).click();
  const lists = popup.locator('.watchlist');
  await expect(lists).toHaveCount(2);
  await expect(lists.nth(0)).toContainText(/TVA Demo uploads · 42 uploads recorded/);
  await expect(lists.nth(1)).toContainText(/Big archive · 750 uploads recorded/);

  const demo = popup.getByRole('button', { name: /^TVA Demo uploads/ });
  await expect(demo).toHaveAttribute('aria-expanded', 'false');
  await demo.click();
  await expect(demo).toHaveAttribute('aria-expanded', 'true');
  const uploads = lists.nth(0).getByRole('link');
  await expect(uploads).toHaveCount(10);
  await expect(uploads.first()).toHaveAttribute('href', /^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
  await expect(lists.nth(0)).toContainText('Follows @tvademo');

  const ledger = await settledLedger(configured, { path: 'sent' });
  expect(ledger.charges).toEqual([]);
  expect(requestsTo(ledger, '/mcp').length).toBeGreaterThan(0);

  const opened = context.waitForEvent('page');
  await uploads.first().click();
  await expect(await opened).toHaveURL(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
});

test.describe('a bulk download', () => {
  test.use({ token: 'demo-starter' });

  test('has a line with its progress and time left, and Cancel there stops it', async ({
    configured,
    context,
    extensionId,
    openVideo,
  }) => {
    const page = await openVideo('', '/@tvabig');
    const panel = hostOf(page);
    await panel.getByRole('button', { name: 'List uploads' }).click();
    await panel.getByRole('button', { name: 'Select all' }).click();
    await panel.getByRole('button', { name: 'Download transcripts' }).click();
    // Each batch takes 2 s, so the run is still going while the popup is open.
    await configured.control('faults', { path: '/api/transcripts', delayMs: 2_000, times: 10 });
    await spendInWindow(context, () => panel.getByRole('button', { name: 'Buy 500 transcripts and download' }).click());

    const popup = await openExtensionPage(context, extensionId, 'popup');
    const line = popup.locator('.bulk-run');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText('TVA Big Archive');
    await expect(line.getByRole('progressbar', { name: 'Bulk transcripts: TVA Big Archive' })).toBeVisible();
    await expect(line).toContainText(/\d+ done · 0 failed · \d+ left · (a few seconds|about \d+ seconds?) to go/);
    await line.getByRole('button', { name: 'Cancel the download of TVA Big Archive' }).click();
    await expect(line).toContainText('cancelled; what was delivered is kept');
    await expect(line.getByRole('button', { name: /Cancel/ })).toHaveCount(0);

    // The panel shows the same run ended; what was delivered (and only that) was charged.
    await expect(panel.getByText(/cancelled; what was delivered is kept/)).toBeVisible({ timeout: 15_000 });
    const done = Number((await panel.getByText(/^\d+ done/).textContent())?.match(/^\d+/)?.[0]);
    expect(done).toBeLessThan(500);
    // A batch already sent when Cancel was pressed is charged when it arrives: read once the service is quiet.
    const cloud = (await settledLedger(configured, { path: 'bulk' })).charges.filter((c) => c.kind === 'cloud');
    expect(cloud).toHaveLength(1 + done);
  });
});
