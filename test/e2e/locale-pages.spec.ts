import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pressAnalyze } from './support/analysis';
import { clickClosing, confirmWindow } from './support/consent';
import { clickMenuItem, openExtensionPage } from './support/extension-pages';
import { chooseLanguage, horizontalOverflow, unmarkedText } from './support/locale';
import { settledLedger } from './support/money';
import { openTab, panelOf, waitForCues } from './support/panel';
import { configureExtension } from './support/service';

/**
 * Issue 23 for the extension's pages (popup, options, confirmation window, spending): in the pseudo-locale every
 * word is from the catalogue and nothing sticks out sideways; in Arabic each page is right to left and mirrored;
 * axe finds nothing in either, light and dark.
 */

/** Names written in their own language on purpose (the options page's list of interface languages). */
const LOCALE_NAMES = ['English', 'Español', 'Português (Brasil)', 'Deutsch', 'Français', 'Pseudo (test)'];

/** The video's Analysis tab, its transcript loaded (1 Cloud Request), driven by the panel's English names. */
async function openAnalysis(page: Page): Promise<Locator> {
  await waitForCues(page);
  await openTab(page, 'Analysis');
  const panel = panelOf(page);
  await expect(panel.getByRole('button', { name: 'Analyze video' })).toBeVisible();
  return panel;
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
  );
}

/** axe in light and in dark. */
async function axeBothSchemes(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await axeViolations(page), colorScheme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function checkPseudo(page: Page, root: Locator, allow: ReadonlyArray<string | RegExp> = []): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  expect(await unmarkedText(root, allow)).toEqual([]);
  expect(await horizontalOverflow(root)).toEqual([]);
}

/** Where an element starts from the page's left: it moves to the other side when the page mirrors. */
async function leftOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box.x;
}

/** Arabic: <html dir="rtl">, the element on the other side than in English, nothing overflows, axe clean. */
async function checkArabic(page: Page, root: Locator, marker: Locator, englishLeft: number): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(marker).toBeVisible();
  expect(Math.abs((await leftOf(marker)) - englishLeft)).toBeGreaterThan(50);
  expect(await horizontalOverflow(root)).toEqual([]);
  await axeBothSchemes(page);
}

test('popup: balances, watchlists and an analysis in the pseudo-locale and in Arabic', async ({
  configured,
  context,
  extensionId,
  openVideo,
  serviceWorker,
}) => {
  const video = await openVideo('tvaHuman001');
  await waitForCues(video);
  await pressAnalyze(await openAnalysis(video));

  const popup = await openExtensionPage(context, extensionId, 'popup');
  const root = popup.locator('main.popup');
  const library = root.locator('.footer button').first();
  await expect(popup.locator('.job')).toHaveCount(1);
  await expect(root.locator('meter')).toHaveCount(2);
  const englishLeft = await leftOf(library);

  await chooseLanguage(serviceWorker, 'en-XA');
  await expect(popup.locator('html')).toHaveAttribute('lang', 'en-XA');
  await expect(root.locator('meter')).toHaveCount(2);
  await expect(popup.locator('.job')).toHaveCount(1);
  await root.locator('#watchlists-title ~ button').click();
  await expect(root.locator('.watchlist')).toHaveCount(2);
  await root.locator('.watchlist button.disclosure').first().click();
  await expect(root.locator('.upload').first()).toBeVisible();
  const uploads = await root.locator('.upload a, .upload span[dir]').allTextContents();
  await checkPseudo(popup, root, [
    'Distributed Systems: An Introduction',
    'TVA Demo uploads',
    'Big archive',
    ...uploads.flatMap((text) => text.split(' · ')),
  ]);
  await axeBothSchemes(popup);

  await chooseLanguage(serviceWorker, 'ar');
  // The popup reloads on the change: its new <html> says so before anything of the old page is read as new.
  await expect(popup.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(root.locator('meter')).toHaveCount(2);
  await checkArabic(popup, root, library, englishLeft);
  // A meter fills from the start side: in Arabic, from the right.
  await expect(root.locator('meter').first()).toHaveCSS('direction', 'rtl');
  expect((await settledLedger(configured, { path: 'sent' })).charges.map((c) => c.amount).sort()).toEqual([1, 33]);
});

test.describe('without a token', () => {
  test.use({ token: null });

  test('popup: the way to add a token, in the pseudo-locale and in Arabic', async ({
    configured: _,
    context,
    extensionId,
    serviceWorker,
  }) => {
    const popup = await openExtensionPage(context, extensionId, 'popup');
    const root = popup.locator('main.popup');
    const add = root.locator('.no-token button');
    await expect(add).toBeVisible();
    const box = await add.boundingBox();
    await chooseLanguage(serviceWorker, 'en-XA');
    await expect(popup.locator('html')).toHaveAttribute('lang', 'en-XA');
    await expect(add).toBeVisible();
    await checkPseudo(popup, root);
    await axeBothSchemes(popup);
    await chooseLanguage(serviceWorker, 'ar');
    await checkArabic(popup, root, add, box?.x ?? 0);
  });
});

test('options: every section and a validation error in the pseudo-locale; mirrored in Arabic', async ({
  configured,
  context,
  extensionId,
  serviceWorker,
}) => {
  const options = await openExtensionPage(context, extensionId, 'options');
  const root = options.locator('main.options');
  const save = root.locator('button[type="submit"]');
  await expect(save).toBeVisible();
  const englishLeft = await leftOf(save);

  // The person's own choice, on the page itself: it reloads in the pseudo-locale.
  await options.getByLabel('Interface language').selectOption('en-XA');
  await expect(options.locator('html')).toHaveAttribute('lang', 'en-XA');
  await expect(root.locator('#cache-usage')).toContainText('MB');
  await root.locator('#guard').fill('-3');
  await save.click();
  await expect(root.locator('#guard-error')).toBeVisible();
  await checkPseudo(options, root, [
    ...LOCALE_NAMES,
    configured.url,
    /https?:\/\/\S+/g,
    /\/mcp/g,
    /"[\w-]+"/g,
    /Basic/g,
  ]);
  await axeBothSchemes(options);

  await chooseLanguage(serviceWorker, 'ar');
  await expect(options.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(options.locator('#interface-language')).toHaveValue('ar');
  await checkArabic(options, root, save, englishLeft);
  // The address and the configuration keep their own direction.
  await expect(root.locator('code.address')).toHaveAttribute('dir', 'ltr');
  await expect(root.locator('pre.snippet')).toHaveAttribute('dir', 'ltr');

  // "Browser language" takes the choice away: the page follows the browser (English here) again.
  await options.getByRole('combobox', { name: /Interface language|لغة الواجهة/ }).selectOption('');
  await expect(options.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(options.getByLabel('Interface language')).toHaveValue('');
});

test('the confirmation window: a big spend’s quote in the pseudo-locale and in Arabic; Cancel buys nothing', async ({
  configured,
  context,
  openVideo,
  serviceWorker,
}) => {
  const page = await openVideo('tvaHuman001');
  const panel = await openAnalysis(page);
  await panel.getByRole('combobox', { name: 'Analysis mode' }).selectOption('deep');
  const window = await confirmWindow(context, () => panel.getByRole('button', { name: 'Analyze video' }).click());
  const root = window.locator('main');
  const spend = root.locator('.actions button.primary');
  const englishLeft = await leftOf(spend);

  await chooseLanguage(serviceWorker, 'en-XA');
  await expect(window.locator('html')).toHaveAttribute('lang', 'en-XA');
  await expect(root.locator('.cost')).toBeVisible();
  await checkPseudo(window, root, ['Distributed Systems: An Introduction', 'tvaHuman001']);
  await axeBothSchemes(window);

  await chooseLanguage(serviceWorker, 'ar');
  await expect(window.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(root.locator('.cost')).toBeVisible();
  await expect(root.locator('code')).toHaveAttribute('dir', 'ltr');
  await checkArabic(window, root, spend, englishLeft);

  await clickClosing(window, root.locator('.actions button').nth(1));
  const ledger = await settledLedger(configured, { path: 'sent' });
  expect(ledger.charges.filter((c) => c.kind === 'ai')).toEqual([]);
});

test.describe('on the Starter plan', () => {
  test.use({ token: 'demo-starter' });

  test('the confirmation window: Deep unavailable, its reason and the modes the plan allows, in Arabic', async ({
    configured,
    context,
    extensionId,
    serviceWorker,
  }) => {
    await configureExtension(serviceWorker, configured.url, 'demo-starter', { defaultMode: 'deep' });
    // The popup learns the plan (free), as it would have been opened before.
    const popup = await openExtensionPage(context, extensionId, 'popup');
    await expect(popup.locator('meter')).toHaveCount(2);
    await popup.close();
    await chooseLanguage(serviceWorker, 'ar');
    const opened = context.waitForEvent('page');
    await clickMenuItem(serviceWorker, { menuItemId: 'tl-analyze-link', linkUrl: 'https://youtu.be/tvaHuman001' });
    const window = await opened;
    const root = window.locator('main');
    await expect(window.locator('html')).toHaveAttribute('dir', 'rtl');
    // Spend is off with the reason (the background's sentence, its own direction); the plan's modes are offered.
    await expect(root.getByRole('alert')).toHaveAttribute('dir', 'auto');
    await expect(root.locator('.actions button.primary')).toBeDisabled();
    await expect(root.locator('fieldset.modes button')).not.toHaveCount(0);
    expect(await horizontalOverflow(root)).toEqual([]);
    await axeBothSchemes(window);
    await clickClosing(window, root.locator('.actions button').nth(1));
    expect((await settledLedger(configured, { path: 'sent' })).charges).toEqual([]);
  });
});

test('the spending page in the pseudo-locale and in Arabic', async ({
  configured: _,
  context,
  extensionId,
  serviceWorker,
}) => {
  const spending = await context.newPage();
  await spending.goto(`chrome-extension://${extensionId}/spending.html`);
  const root = spending.locator('main.spending');
  const link = root.locator('nav.links a');
  await expect(root.getByRole('button')).toBeVisible();
  const englishLeft = await leftOf(link);
  await chooseLanguage(serviceWorker, 'en-XA');
  await expect(spending.locator('html')).toHaveAttribute('lang', 'en-XA');
  await expect(root.getByRole('button')).toBeVisible();
  await checkPseudo(spending, root);
  await axeBothSchemes(spending);
  await chooseLanguage(serviceWorker, 'ar');
  await checkArabic(spending, root, link, englishLeft);
});

test('with a Spanish interface and no transcript language chosen, the transcript is asked for in Spanish', async ({
  configured,
  openVideo,
  serviceWorker,
}) => {
  // Free without an AI top-up: automatic loading sends there (on a paid plan it never may spend AI Units).
  await configureExtension(serviceWorker, configured.url, 'demo-free', {
    language: 'interface',
    autoLoadTranscripts: true,
  });
  await chooseLanguage(serviceWorker, 'es');
  const page = await openVideo('tvaHuman001');
  await waitForCues(page);
  // The local service has an English and a Spanish track of this video: it answered lang=es with the Spanish one.
  await expect(panelOf(page).locator('.tl-lang-name')).toHaveText(/^Spanish/);
  const ledger = await settledLedger(configured, { path: 'sent' });
  expect(ledger.charges.map((c) => [c.videoId, c.kind, c.amount])).toEqual([['tvaHuman001', 'cloud', 1]]);
});
