import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openAnalyzed } from './support/analysis';
import { auditPanelFrame, nodesPassed, violationLines } from './support/axe';
import { ROOT } from './support/build';
import { expectPanelTheme, openTab, panelOf, waitForCues } from './support/panel';
import { setDark } from './support/video';

const SHOTS = join(ROOT, 'demo-output');
const TABS = ['Transcript', 'Analysis', 'Ask', 'Notes'] as const;
type Tab = (typeof TABS)[number];

/** What shows once a tab has its content (so the audit and the picture are of the real thing). */
function content(panel: Locator, tab: Tab): Locator {
  if (tab === 'Transcript') return panel.getByRole('button', { name: /^0:05 / });
  if (tab === 'Analysis') return panel.getByRole('heading', { name: 'Key points' });
  if (tab === 'Notes') return panel.getByRole('button', { name: 'Add note' });
  return panel.getByRole('list', { name: 'Citations' }).first();
}

/** Serious and critical axe violations inside the panel (axe run in the panel's frame). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await auditPanelFrame(page);
  // The audit reached the panel's content, not a frame still empty.
  expect(nodesPassed(results)).toBeGreaterThan(10);
  return violationLines(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'));
}

test('no serious or critical axe violations on the four tabs, light and dark; screenshots of each', async ({
  configured,
  openVideo,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const { page, panel } = await openAnalyzed(configured, openVideo, 'tvaHuman001');
  await openTab(page, 'Ask');
  const box = panel.getByRole('textbox', { name: 'Question' });
  await box.fill('What does the speaker say about latency?');
  await box.press('Enter');
  await expect(content(panel, 'Ask')).toBeVisible();

  for (const theme of ['light', 'dark'] as const) {
    await setDark(page, theme === 'dark');
    await expectPanelTheme(page, theme);
    for (const tab of TABS) {
      await openTab(page, tab);
      await expect(content(panel, tab)).toBeVisible();
      expect(await seriousViolations(page), `${tab} tab, ${theme}`).toEqual([]);
      await panel.screenshot({ path: join(SHOTS, `panel-${tab.toLowerCase()}-${theme}.png`), animations: 'disabled' });
    }
  }
});

test('Tab reaches the tabs, arrow keys switch them, and focus is visible', async ({ configured: _s, openVideo }) => {
  const page = await openVideo('tvaHuman001');
  const panel = panelOf(page);
  await waitForCues(page);
  const tab = (name: Tab) => panel.getByRole('tab', { name });
  const focused = (name: Tab) => tab(name).evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el);

  await page.locator('#title h1').click();
  let presses = 0;
  while (!(await focused('Transcript')) && presses < 10) {
    await page.keyboard.press('Tab');
    presses++;
  }
  expect(await focused('Transcript')).toBe(true);
  // From the title: the channel link, then the header's Library, move and collapse buttons, then the tabs.
  expect(presses).toBeLessThanOrEqual(5);
  // From here on every key is pressed inside the panel: none may reach the page's shortcuts.
  await page.evaluate(() => {
    window.__pageKeydowns = 0;
  });
  const outline = (name: Tab) => tab(name).evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(await outline('Transcript')).toBe('solid');
  expect(await outline('Analysis')).toBe('none');

  const steps: Array<[string, Tab]> = [
    ['ArrowRight', 'Analysis'],
    ['ArrowRight', 'Ask'],
    ['ArrowRight', 'Notes'],
    ['ArrowRight', 'Transcript'],
    ['ArrowLeft', 'Notes'],
    ['Home', 'Transcript'],
    ['End', 'Notes'],
  ];
  for (const [key, name] of steps) {
    await page.keyboard.press(key);
    await expect(tab(name)).toHaveAttribute('aria-selected', 'true');
    await expect(tab(name)).toBeFocused();
    expect(await outline(name)).toBe('solid');
  }
  await expect(panel.getByRole('tabpanel', { name: 'Notes' })).toBeVisible();
  // Only the selected tab is in the Tab order; the next Tab goes into its panel.
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('tabpanel', { name: 'Notes' })).toBeFocused();
  expect(await page.evaluate(() => window.__pageKeydowns)).toBe(0);
});

test('the collapse button hides the content, and the panel stays collapsed after a reload', async ({
  configured: _s,
  openVideo,
}) => {
  const page = await openVideo('tvaHuman001');
  const panel = panelOf(page);
  await waitForCues(page);
  const collapse = panel.getByRole('button', { name: 'Collapse Transcript Lens' });
  await expect(collapse).toHaveAttribute('aria-expanded', 'true');
  await collapse.click();
  const expand = panel.getByRole('button', { name: 'Expand Transcript Lens' });
  await expect(expand).toHaveAttribute('aria-expanded', 'false');
  await expect(panel.getByRole('tablist')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /^0:00 / })).toHaveCount(0);

  await page.reload();
  await expect(panelOf(page).getByRole('button', { name: 'Expand Transcript Lens' })).toBeVisible();
  await expect(panelOf(page).getByRole('tablist')).toHaveCount(0);
  await expect(panelOf(page).getByRole('heading', { name: 'Transcript Lens' })).toBeVisible();

  await panelOf(page).getByRole('button', { name: 'Expand Transcript Lens' }).click();
  await waitForCues(page);
  await page.reload();
  await waitForCues(page);
  await expect(panelOf(page).getByRole('button', { name: 'Collapse Transcript Lens' })).toBeVisible();
});
