import { expect, test } from './fixtures';
import { confirmWindows } from './support/consent';
import { chargesFor, requestsTo } from './support/direct';
import { coverWithPanel } from './support/hostile';
import { settledLedger } from './support/money';
import { openTab, panelOf, waitForCues } from './support/panel';

test('clickjacking: a real click on a transparent panel slid under the cursor buys nothing; only the window can', async ({
  configured,
  context,
  openVideo,
}) => {
  const page = await openVideo('tvaHuman001');
  const panel = panelOf(page);
  await waitForCues(page); // 1 Cloud Request, bought by the person
  await openTab(page, 'Analysis');
  await panel.getByRole('combobox', { name: 'Analysis mode' }).selectOption('deep');
  await expect(panel.getByText(/^≈ 330 AI Units \(10:24 at 30 per minute\)/)).toBeVisible();
  const before = (await settledLedger(configured, { path: 'sent' })).charges;

  // A main-world script makes the panel invisible and lays "Analyze video" under a button of its own.
  const bait = await coverWithPanel(page, 'Analyze video');
  await expect(panel.locator('xpath=..')).toHaveCSS('opacity', '0');
  const under = await page.evaluate(({ x, y }) => {
    const hit = document.elementFromPoint(x, y);
    const inner = hit?.shadowRoot?.elementFromPoint(x, y);
    return [hit?.localName, inner?.textContent];
  }, bait);
  expect(under).toEqual(['transcript-lens-panel', 'Analyze video']);

  // The person clicks what they see, twice as people do; the trusted clicks reach the panel's button.
  const opened = context.waitForEvent('page');
  await page.mouse.click(bait.x, bait.y);
  await page.mouse.click(bait.x, bait.y);
  const window = await opened;
  let ledger = await settledLedger(configured, { path: 'sent' });
  expect(ledger.charges).toEqual(before);
  expect(requestsTo(ledger, '/api/watch')).toEqual([]);
  // One window, brought to the front again by the second click; the page cannot reach it.
  expect(confirmWindows(context)).toHaveLength(1);

  // The only way to buy it: Spend in the extension's window, which shows what and how much.
  await expect(window.getByRole('heading', { name: 'Analyze this video?' })).toBeVisible();
  await expect(window.getByText('≈ 330 AI Units (10:24 at 30 per minute)')).toBeVisible();
  await window.getByRole('button', { name: 'Spend' }).click();
  await expect(window.getByRole('status')).toHaveText('Analysis started. Follow it in the panel.');
  ledger = await settledLedger(configured, { path: 'sent' });
  expect(requestsTo(ledger, '/api/watch', 'POST').map((r) => r.status)).toEqual([202]);
  expect(chargesFor(ledger, 'tvaHuman001', 'ai').map((c) => c.amount)).toEqual([330]);
});
