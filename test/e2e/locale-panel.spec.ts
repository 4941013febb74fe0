import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { auditPanelFrame, nodesPassed, violationLines } from './support/axe';
import { chooseLanguage, horizontalOverflow, unmarkedText } from './support/locale';
import { expectSpentNothing, settledLedger } from './support/money';
import { expectPanelTheme, panelOf, waitForArmed } from './support/panel';
import { expectVideoAt, setDark, waitForMedia } from './support/video';

/**
 * The watch page's panel in other languages (issue 23): in the pseudo-locale every word it shows comes from the
 * catalogue and nothing sticks out; in Arabic it is mirrored, timestamps read left to right and cues still
 * seek; a language change while it is open changes its words and sends nothing.
 */
const VIDEO = 'tvaHuman001';

// Each test settles the ledger (quiet periods of the longest resend) and runs axe six times.
test.describe.configure({ timeout: 240_000 });

/** Texts a view shows that are data, not interface: the test reads them from where the fixture put them. */
async function dataIn(panel: Locator): Promise<string[]> {
  const texts = await Promise.all(
    ['.tl-cue-text', '.tl-lang-name', '.tl-lang option', '.tl-video code'].map((s) =>
      panel.locator(s).allTextContents(),
    ),
  );
  // Longest first, so a cue is taken out whole before a shorter text inside it.
  return [...new Set(texts.flat().map((t) => t.trim()))].filter(Boolean).sort((a, b) => b.length - a.length);
}

async function expectAllMarked(panel: Locator, what: string, extra: readonly string[] = []): Promise<void> {
  expect(await unmarkedText(panel, [...extra, ...(await dataIn(panel))]), what).toEqual([]);
  expect(await horizontalOverflow(panel), what).toEqual([]);
}

/**
 * Every axe violation inside the panel (axe run in the panel's frame). The frame's document is a part of
 * YouTube's page, not a page: the rules that ask each document for a main landmark and a level-one heading are for
 * pages (YouTube's has both; a second main inside it would be wrong).
 */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await auditPanelFrame(page, ['landmark-one-main', 'page-has-heading-one']);
  // The audit reached the panel's content, not a frame still empty.
  expect(nodesPassed(results)).toBeGreaterThan(10);
  return violationLines(results.violations);
}

async function expectAxeClean(page: Page, what: string): Promise<void> {
  for (const dark of [false, true]) {
    await setDark(page, dark);
    await expectPanelTheme(page, dark ? 'dark' : 'light');
    expect(await axeViolations(page), `${what}, ${dark ? 'dark' : 'light'}`).toEqual([]);
  }
  await setDark(page, false);
}

const tab = (panel: Locator, n: number) => panel.getByRole('tab').nth(n);
const firstCue = (panel: Locator) => panel.locator('.tl-cue').first();
const loadButton = (panel: Locator) => panel.locator('.tl-load .tl-primary');

test('pseudo-locale: every word of the panel comes from the catalogue, in each view and state, without overflow; axe clean', async ({
  configured,
  serviceWorker,
  openVideo,
}) => {
  await chooseLanguage(serviceWorker, 'en-XA');
  const page = await openVideo(VIDEO);
  const panel = panelOf(page);
  await expect(panel.locator('.tl-root')).toHaveAttribute('lang', 'en-XA');

  // Transcript, not bought: the price first, next to the button.
  await expect(loadButton(panel)).toBeVisible({ timeout: 15_000 });
  await expect(panel.locator('.tl-load .tl-muted').first()).toContainText('⟦');
  await expectAllMarked(panel, 'transcript, priced');
  await waitForArmed(page);

  // An error: the service fails the transcript lookup (before doing anything, so nothing is charged). Its
  // sentence is written by the background (errors.*, another area), so only the panel's own words are judged.
  await configured.control('faults', { path: '/api/transcripts', status: 400, times: 1 });
  await loadButton(panel).click();
  const alert = panel.getByRole('alert').first();
  await expect(alert).toBeVisible({ timeout: 15_000 });
  await expectAllMarked(panel, 'transcript, error', [(await alert.textContent())?.trim() ?? '']);

  // Loaded: cues, search, copy, download (a 400 is not offered again: the page is opened anew).
  await page.reload();
  await expect(loadButton(panel)).toBeVisible({ timeout: 15_000 });
  await waitForArmed(page);
  await loadButton(panel).click();
  await expect(firstCue(panel)).toBeVisible({ timeout: 15_000 });
  await panel.locator('.tl-search-input').fill('zzzz-no-such-words');
  await expect(panel.locator('.tl-search-count')).toContainText('⟦');
  await expectAllMarked(panel, 'transcript, loaded, no match');
  await panel.locator('.tl-search-input').fill('');
  await panel.locator('.tl-menu-wrap > .tl-button').click();
  await expect(panel.getByRole('menu')).toBeVisible();
  // File formats are named as their files are, in every language.
  await expectAllMarked(panel, 'transcript, download menu', ['Markdown', 'JSON', 'TXT', 'SRT', 'VTT']);
  await page.keyboard.press('Escape');
  await expectAxeClean(page, 'pseudo-locale, transcript');

  // Analysis, not started: the mode, its cost, and the button that would spend.
  await tab(panel, 1).click();
  await expect(panel.locator('.tl-cost-text')).toBeVisible({ timeout: 15_000 });
  await expectAllMarked(panel, 'analysis, priced');
  await expectAxeClean(page, 'pseudo-locale, analysis');

  // Ask, before any analysis: why it cannot be asked yet.
  await tab(panel, 2).click();
  await expect(panel.locator('.tl-ask-gate')).toBeVisible();
  await expectAllMarked(panel, 'ask, not analyzed');
  await expectAxeClean(page, 'pseudo-locale, ask');
});

test('Arabic: a language change redraws the open panel mirrored and sends nothing; timestamps read left to right, cues still seek; axe clean', async ({
  configured,
  serviceWorker,
  openVideo,
}) => {
  const page = await openVideo(VIDEO);
  const panel = panelOf(page);
  await waitForMedia(page);
  await expect(loadButton(panel)).toBeVisible({ timeout: 15_000 });
  await waitForArmed(page);
  await loadButton(panel).click();
  await expect(firstCue(panel)).toBeVisible({ timeout: 15_000 });
  await expect(tab(panel, 0)).toHaveText('Transcript');
  // The tabs read in the language's direction: Transcript first, at the start side.
  const startOf = async (n: number) => (await tab(panel, n).boundingBox())?.x ?? Number.NaN;
  expect(await startOf(0)).toBeLessThan(await startOf(2));
  const before = await settledLedger(configured);

  // The person picks Arabic on the options page while the panel is open.
  await chooseLanguage(serviceWorker, 'ar');
  await expect(tab(panel, 0)).toHaveText('النص');
  await expect(tab(panel, 1)).toHaveText('التحليل');
  const root = panel.locator('.tl-root');
  await expect(root).toHaveAttribute('dir', 'rtl');
  await expect(root).toHaveAttribute('lang', 'ar');
  await expect(firstCue(panel)).toBeVisible({ timeout: 15_000 });
  expectSpentNothing(await settledLedger(configured), before);

  // Mirrored: the first tab is now on the right, the last on the left.
  expect(await startOf(0)).toBeGreaterThan(await startOf(2));
  expect(await horizontalOverflow(panel)).toEqual([]);

  // Timestamps keep left-to-right order inside the right-to-left list, and a cue still seeks.
  const time = panel.locator('.tl-cue-time').nth(2);
  await expect(time).toHaveAttribute('dir', 'ltr');
  expect(await time.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  const label = (await time.textContent())?.trim() ?? '';
  expect(label).toMatch(/^\d+:\d\d$/);
  const [m, s] = label.split(':').map(Number);
  await panel.locator('.tl-cue').nth(2).click();
  await expectVideoAt(page, (m ?? 0) * 60 + (s ?? 0));
  await expectAxeClean(page, 'Arabic, transcript');

  await tab(panel, 1).click();
  await expect(panel.locator('.tl-cost-text')).toBeVisible({ timeout: 15_000 });
  expect(await horizontalOverflow(panel)).toEqual([]);
  await expectAxeClean(page, 'Arabic, analysis');
  await tab(panel, 2).click();
  await expect(panel.locator('.tl-ask-gate')).toBeVisible();
  expect(await horizontalOverflow(panel)).toEqual([]);
  await expectAxeClean(page, 'Arabic, ask');
  expectSpentNothing(await settledLedger(configured), before);
});
