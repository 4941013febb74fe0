import { expect, test } from './fixtures';
import { confirmWindow, confirmWindows } from './support/consent';
import { chargesFor, requestsTo } from './support/direct';
import { coverWithPanel } from './support/hostile';
import { settledLedger } from './support/money';
import { hostOf, openTab, panelOf, waitForCues } from './support/panel';

test('clickjacking: real clicks on a transparent panel slid under the cursor reach nothing; only the window can buy', async ({
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
  const bait = await coverWithPanel(page, panel.getByRole('button', { name: 'Analyze video', exact: true }));
  await expect(hostOf(page).locator('xpath=..')).toHaveCSS('opacity', '0');
  // What lies under the bait: the panel's host, its frame there, and in the frame the panel's button.
  const under = await page.evaluate(({ x, y }) => {
    const hit = document.elementFromPoint(x, y);
    const inner = hit?.shadowRoot?.elementFromPoint(x, y);
    const box = inner?.getBoundingClientRect();
    return { host: hit?.localName, frame: inner?.localName, at: box ? { x: x - box.left, y: y - box.top } : null };
  }, bait);
  expect(under).toMatchObject({ host: 'transcript-lens-panel', frame: 'iframe' });
  const inFrame = await panel.evaluate(
    (_, at) => document.elementFromPoint(at.x, at.y)?.closest('button')?.textContent,
    under.at ?? { x: -1, y: -1 },
  );
  expect(inFrame).toBe('Analyze video');

  // The person clicks what they see, twice as people do. Chromium gives no input to a frame of another origin
  // that is not visible (this one is transparent): the clicks reach nothing in the panel, and nothing opens.
  await panel.evaluate(() => {
    const seen = window as unknown as { tlPressed: number };
    seen.tlPressed = 0;
    document.addEventListener('pointerdown', () => seen.tlPressed++, true);
  });
  await page.mouse.click(bait.x, bait.y);
  await page.mouse.click(bait.x, bait.y);
  await page.waitForTimeout(2_000);
  expect(await panel.evaluate(() => (window as unknown as { tlPressed: number }).tlPressed)).toBe(0);
  expect(confirmWindows(context)).toHaveLength(0);
  let ledger = await settledLedger(configured, { path: 'sent' });
  expect(ledger.charges).toEqual(before);
  expect(requestsTo(ledger, '/api/watch')).toEqual([]);

  // Shown again, the button a person presses knowingly only asks in the extension's window; pressed twice, one
  // window, brought to the front again; the page cannot reach it.
  await page.evaluate(() => {
    const host = document.querySelector<HTMLElement>('transcript-lens-panel');
    for (const element of [host, host?.parentElement]) element?.style.setProperty('opacity', '1', 'important');
  });
  const analyze = panel.getByRole('button', { name: 'Analyze video', exact: true });
  const window = await confirmWindow(context, () => analyze.click());
  await analyze.click();
  expect(confirmWindows(context)).toHaveLength(1);
  ledger = await settledLedger(configured, { path: 'sent' });
  expect(ledger.charges).toEqual(before);

  // The only way to buy it: Spend in the extension's window, which shows what and how much.
  await expect(window.getByRole('heading', { name: 'Analyze this video?' })).toBeVisible();
  await expect(window.getByText('≈ 330 AI Units (10:24 at 30 per minute)')).toBeVisible();
  await window.getByRole('button', { name: 'Spend' }).click();
  await expect(window.getByRole('status')).toHaveText('Analysis started. Follow it in the panel.');
  ledger = await settledLedger(configured, { path: 'sent' });
  expect(requestsTo(ledger, '/api/watch', 'POST').map((r) => r.status)).toEqual([202]);
  expect(chargesFor(ledger, 'tvaHuman001', 'ai').map((c) => c.amount)).toEqual([330]);
});
