import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, Worker } from '@playwright/test';
import { findVideo } from '../service/catalog';
import { expect, test } from './fixtures';
import { listUploads, priceBulk, selectVideos } from './support/bulk';
import { spendInWindow } from './support/consent';
import { chooseLanguage, horizontalOverflow, unmarkedText } from './support/locale';
import { settledLedger } from './support/money';
import { hostOf, loadTranscript, panelOf } from './support/panel';
import { navigate, setDark } from './support/video';

/**
 * Issue 23 for the channel view, bulk progress, channel search (the `channel` bundle, loaded with the lazy
 * module) and the library page: in the pseudo-locale every word they show is the catalogue's (only the
 * fixture's data is outside the markers) and nothing sticks out sideways; in Arabic they are mirrored, and axe
 * is clean in both, light and dark.
 */
test.use({ token: 'demo-starter' });
test.setTimeout(300_000);

const BOUGHT = ['tvaHuman001', 'tvaAutoGen1'] as const;
/** A listed upload of @tvademo whose transcript is not saved: the service search is offered (and priced) for it. */
const UNSAVED = 'tvaSpanish1';

test.afterEach(async ({ serviceWorker }) => {
  await chooseLanguage(serviceWorker, null);
});

/** Serious and critical axe violations in `include` (axe walks the panel's open shadow root). */
async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

/** The titles of the listed uploads: data the service gave, shown as it is in every language. */
async function uploadTitles(view: Locator): Promise<string[]> {
  const boxes = view.locator('.tl-upload input[type=checkbox]');
  await expect(boxes.first()).toBeVisible();
  return (await boxes.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))).filter(Boolean);
}

/** Every text node under the elements `data` matches (fixture text split by <mark>), longest first. */
async function textsOf(data: Locator): Promise<string[]> {
  const texts = await data.evaluateAll((els) =>
    els.flatMap((el) => {
      const out: string[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) out.push(node.textContent ?? '');
      return out;
    }),
  );
  return texts.filter((t) => t.trim() !== '').sort((a, b) => b.length - a.length);
}

/**
 * The interface language chosen, and the channel view's answer to it awaited: the content script follows the
 * change (storage.onChanged, utils/i18n/preference.ts) and draws the panel again in the new language without a
 * reload, so the test waits for that drawing and reloads nothing.
 */
async function speak(page: Page, worker: Worker, tag: 'en-XA' | 'ar'): Promise<void> {
  const root = hostOf(page).locator('.tl-root');
  await chooseLanguage(worker, tag);
  // The root's lang is the language drawn last: en-XA then ar, each a change from the one before.
  await expect(root).toHaveAttribute('lang', tag, { timeout: 30_000 });
  await expect(root).toHaveAttribute('dir', tag === 'ar' ? 'rtl' : 'ltr');
  if (tag === 'en-XA') await expect(channelView(page).locator('button').first()).toContainText('⟦');
}

/** The channel view's root, its price line and its main button, in whatever language it speaks. */
/** The names of the file formats, the same in every language. */
const FORMATS = ['Markdown', 'TXT', 'SRT', 'VTT', 'JSON'];

/**
 * What sticks out sideways, but for the upload titles, which are cut with an ellipsis on purpose (in every
 * language: a title is as long as its channel made it), and what is hidden for screen readers in a 1 px box.
 */
const overflowOf = async (root: Locator) =>
  (await horizontalOverflow(root)).filter(
    (found) => !found.startsWith('a.tl-upload-title:') && !/^\w+\.visually-hidden:/.test(found),
  );

const channelView = (page: Page) => hostOf(page).locator('section.tl-channel');
const listButton = (view: Locator) => view.locator('.tl-load-row > button.tl-primary').first();

const cloudCharges = async (configured: Parameters<typeof settledLedger>[0]) =>
  (await settledLedger(configured, { path: 'sent' })).charges.filter((c) => c.kind === 'cloud');

test('channel view, bulk progress and channel search: every word marked in the pseudo-locale, mirrored in Arabic, axe clean', async ({
  configured,
  serviceWorker,
  openVideo,
  context,
}) => {
  // A small bulk run, bought in English as the other specs do (the confirmation window is not this area's).
  const page = await openVideo('', '/@tvademo/videos');
  await listUploads(page);
  await selectVideos(page, BOUGHT);
  await priceBulk(page);
  await spendInWindow(context, () =>
    hostOf(page)
      .getByRole('button', { name: /^Buy 2 transcripts and download$/ })
      .click(),
  );
  await expect(hostOf(page).getByText(/ · finished$/)).toBeVisible({ timeout: 60_000 });
  // The listing (1) and the two transcripts (2): what is shown below in other languages costs nothing more.
  const bought = await cloudCharges(configured);
  expect(bought.reduce((n, c) => n + c.amount, 0)).toBe(3);

  for (const tag of ['en-XA', 'ar'] as const) {
    await speak(page, serviceWorker, tag);
    const view = channelView(page);
    await expect(view).toBeVisible();
    await expect(hostOf(page).locator('.tl-root')).toHaveAttribute('dir', tag === 'ar' ? 'rtl' : 'ltr');
    if (tag === 'ar') await expect(hostOf(page).locator('.tl-root')).toHaveAttribute('lang', 'ar');

    // Listed (free: the listing is held) with the run found again, its price line, its rows.
    const titles = await uploadTitles(view);
    await expect(view.locator('.tl-run progress')).toBeVisible();
    if (tag === 'en-XA') {
      expect(await unmarkedText(view, [...titles, ...FORMATS])).toEqual([]);
      await expect(view.locator('.tl-run p[aria-live]')).toContainText('⟦');
    }
    expect(await overflowOf(view)).toEqual([]);

    // Mirrored: a row's checkbox is at its start, which is the right in Arabic (and the left otherwise).
    const upload = view.locator('.tl-upload').first();
    const row = await upload.boundingBox();
    const box = await upload.locator('input[type=checkbox]').boundingBox();
    if (!row || !box) throw new Error('the first upload row is laid out');
    const left = box.x - row.x;
    const right = row.x + row.width - (box.x + box.width);
    if (tag === 'ar') expect(right).toBeLessThan(left);
    else expect(left).toBeLessThan(right);

    // Cost and consent: the price of the selection, asked (free) and shown, never bought here.
    const boxes = view.locator('.tl-upload input[type=checkbox]');
    await boxes.first().check();
    await view.locator('.tl-bulk > button.tl-primary').click();
    const quote = view.locator('fieldset.tl-consent');
    await expect(quote).toBeVisible();
    if (tag === 'en-XA') expect(await unmarkedText(quote, FORMATS)).toEqual([]);
    expect(await overflowOf(view)).toEqual([]);
    await quote.locator('button:not(.tl-primary)').click(); // Back
    await boxes.first().uncheck();

    // Channel search: the saved transcripts searched for free, then the service offered (priced) for an
    // unsaved one; the search words are the person's, the cue text and titles the fixture's.
    const search = view.locator('.tl-video-search');
    await search.locator('input[type=search]').fill('latency');
    const found = search.locator('.tl-found-section');
    await expect(found.locator('.tl-found-video').first()).toBeVisible();
    // A moment's timestamp reads left to right in Arabic too.
    await expect(found.locator('.tl-found-time[dir=ltr]').first()).toHaveText(/^\d+:\d\d$/);
    const quoted = await textsOf(found.locator('.tl-found-text, .tl-found-title'));
    if (tag === 'en-XA') expect(await unmarkedText(search, [...quoted, ...titles])).toEqual([]);
    expect(await overflowOf(search)).toEqual([]);
    await view.getByRole('checkbox', { name: findVideo(UNSAVED).title, exact: true }).check();
    const offer = search.locator('.tl-search-offer');
    await expect(offer.locator('button.tl-primary')).toBeEnabled();
    if (tag === 'en-XA') expect(await unmarkedText(offer)).toEqual([]);
    expect(await overflowOf(view)).toEqual([]);

    for (const dark of [false, true]) {
      await setDark(page, dark);
      await expect(hostOf(page)).toHaveAttribute('data-theme', dark ? 'dark' : 'light');
      expect(await seriousViolations(page, 'transcript-lens-panel'), `${tag}, ${dark ? 'dark' : 'light'}`).toEqual([]);
    }
    await setDark(page, false);
    await view.getByRole('checkbox', { name: findVideo(UNSAVED).title, exact: true }).uncheck();
  }

  // An error state: a channel the service cannot list says so, and that nothing was charged, in its words.
  for (const tag of ['en-XA', 'ar'] as const) {
    await speak(page, serviceWorker, tag);
    await navigate(page, '/@tvabroken');
    await listButton(channelView(page)).click();
    const alert = channelView(page).getByRole('alert');
    await expect(alert).toBeVisible();
    if (tag === 'en-XA') expect(await unmarkedText(channelView(page))).toEqual([]);
    expect(await overflowOf(channelView(page))).toEqual([]);
    expect(await seriousViolations(page, 'transcript-lens-panel'), `${tag}, error`).toEqual([]);
    await navigate(page, '/@tvademo/videos');
  }

  // Pricing, searching saved transcripts and reading in two languages bought nothing more.
  expect(await cloudCharges(configured)).toEqual(bought);
});

test('library page: list, search, paste box and an error, marked in the pseudo-locale, mirrored in Arabic, axe clean', async ({
  configured: _service,
  serviceWorker,
  openVideo,
  context,
  extensionId,
}) => {
  // Something held: a transcript loaded in the panel on YouTube, by a person's click.
  const video = await openVideo('tvaHuman001');
  await loadTranscript(video);
  await expect(panelOf(video).getByRole('button', { name: /^0:05 / })).toBeVisible();
  const title = findVideo('tvaHuman001').title;

  const page = await context.newPage();
  let ltrHeading = 0;
  for (const tag of ['en-XA', 'ar'] as const) {
    // Away first: an open library page reloads itself on the change, which would cross this navigation.
    await page.goto('about:blank');
    await chooseLanguage(serviceWorker, tag);
    await page.goto(`chrome-extension://${extensionId}/library.html`);
    const main = page.locator('main.library');
    await expect(page.locator('html')).toHaveAttribute('dir', tag === 'ar' ? 'rtl' : 'ltr');
    const row = page.locator('.video[data-video-id="tvaHuman001"]');
    await expect(row).toBeVisible();
    const data = [title, 'TVA Demo', 'English', /\d{4}-\d\d-\d\d/g, /\d+:\d\d/g];
    if (tag === 'en-XA') expect(await unmarkedText(main, data)).toEqual([]);
    expect(await overflowOf(main)).toEqual([]);

    // Mirrored: the heading starts on the right in Arabic, on the left otherwise.
    const heading = await page.locator('h1').boundingBox();
    if (!heading) throw new Error('the heading is laid out');
    const width = page.viewportSize()?.width ?? 1280;
    if (tag === 'en-XA') ltrHeading = heading.x;
    else {
      expect(heading.x + heading.width).toBeGreaterThan(width / 2);
      expect(ltrHeading).toBeLessThan(width / 2);
    }

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await seriousViolations(page), `${tag}, list, ${scheme}`).toEqual([]);
    }

    // Search: results, each with the fixture's text; and nothing found.
    const box = page.locator('search input[type=search]');
    await box.fill('latency');
    const hits = page.locator('.hit-list .hit');
    await expect(hits.first()).toBeVisible();
    await expect(hits.first().locator('.hit-time')).toHaveAttribute('dir', 'ltr');
    const texts = await textsOf(page.locator('.hit-title, .hit-text'));
    if (tag === 'en-XA') expect(await unmarkedText(main, [...texts, ...data])).toEqual([]);
    expect(await overflowOf(main)).toEqual([]);
    await box.fill('zzzyyyxxx');
    await expect(hits).toHaveCount(0);
    await expect(page.locator('.results p[role=status]')).toBeVisible();
    if (tag === 'en-XA') expect(await unmarkedText(main, data)).toEqual([]);
    await box.fill('');

    // The paste box: a list read (free), with its bulk and search views for the pasted videos.
    await page
      .locator('.paste-list:not(.channel-paste) textarea')
      .fill(['tvaHuman001', 'youtu.be/tvaAutoGen1', 'tvaHuman001'].join('\n'));
    await page.locator('.paste-list:not(.channel-paste) .actions button').click();
    const paste = page.locator('.paste-list:not(.channel-paste)');
    await expect(paste.locator('.tl-upload')).toHaveCount(2);
    if (tag === 'en-XA') expect(await unmarkedText(paste, [title, 'tvaAutoGen1'])).toEqual([]);
    expect(await overflowOf(paste)).toEqual([]);
    expect(await seriousViolations(page), `${tag}, paste`).toEqual([]);

    // An error: a file that is not a library file is refused (its sentence is the file checker's).
    await page
      .locator('.toolbar input[type=file]')
      .setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"x":1}') });
    const alert = main.getByRole('alert');
    await expect(alert).toBeVisible();
    expect(await overflowOf(main)).toEqual([]);
    expect(await seriousViolations(page), `${tag}, error`).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
  }
});
