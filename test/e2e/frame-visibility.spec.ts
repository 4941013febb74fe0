import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pendingStatus } from './support/analysis';
import { confirmWindow, confirmWindows } from './support/consent';
import { chargesFor, requestsTo } from './support/direct';
import { expectChargedOnce, expectSpentNothing, settledLedger } from './support/money';
import { frameRootOf, loadButton, openTab, panelOf, waitForArmed, waitForCues } from './support/panel';

/**
 * A panel the page cannot fake (docs/spending-and-consent.md): the page's scripts cannot reach into the panel's
 * frame, but they can hide, cover or transform its box so that a person's real click lands on a spend button.
 * Such a click spends nothing directly; the same panel, left alone for half a second, spends as before.
 */

const NOT_SEEN = /^Nothing was spent: the panel was not fully in view for half a second/;

type Trick = 'transparent' | 'transformed' | 'covered';

/** What a main-world script does to the panel's box (the column holding it: the host's own styles win). */
async function trick(page: Page, how: Trick): Promise<void> {
  await page.evaluate((how) => {
    const column = document.querySelector('transcript-lens-panel')?.parentElement;
    if (!column) throw new Error('no panel in the page');
    if (how === 'transparent') column.style.setProperty('opacity', '0', 'important');
    if (how === 'transformed') column.style.setProperty('transform', 'rotate(2deg)', 'important');
    if (how === 'covered') {
      // A lure of the page's own over the panel, which lets the click through to the frame below.
      const box = column.getBoundingClientRect();
      const cover = document.createElement('div');
      cover.id = 'lure';
      cover.textContent = 'Click to continue watching';
      const style = `left:${box.left}px;top:${box.top}px;width:${box.width}px;height:${box.height}px`;
      cover.style.cssText = `position:fixed;${style};z-index:2147483647;pointer-events:none;background:#fff`;
      document.body.append(cover);
    }
  }, how);
}

async function undo(page: Page): Promise<void> {
  await page.evaluate(() => {
    const column = document.querySelector<HTMLElement>('transcript-lens-panel')?.parentElement;
    column?.style.removeProperty('opacity');
    column?.style.removeProperty('transform');
    document.getElementById('lure')?.remove();
  });
}

/** The person's real click (the browser's own input) at the middle of where the panel's button is drawn. */
async function realClick(page: Page, button: ReturnType<typeof loadButton>): Promise<void> {
  const box = await button.boundingBox();
  if (!box) throw new Error('the button is not laid out');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

for (const how of ['transparent', 'transformed', 'covered'] as const) {
  test(`a ${how} panel frame: a real click on Load transcript spends nothing; left alone, it loads`, async ({
    configured,
    openVideo,
  }) => {
    const page = await openVideo('tvaAutoGen1');
    const load = loadButton(page);
    await expect(load).toBeVisible({ timeout: 15_000 });
    await waitForArmed(page);
    const before = await settledLedger(configured, { path: 'sent' });

    await trick(page, how);
    // The browser's verdict reaches the frame: no longer armed.
    await expect(frameRootOf(page)).toHaveAttribute('data-armed', 'false');
    await realClick(page, load);
    if (how !== 'transparent') {
      // The click did reach the frame (a transparent frame gets no input from Chromium at all): refused there.
      await expect(panelOf(page).getByRole('alert')).toHaveText(NOT_SEEN);
    }
    expectSpentNothing(await settledLedger(configured, { path: 'sent' }), before);

    // The page stops; after half a second seen whole, the same real click buys the transcript once.
    await undo(page);
    await waitForArmed(page);
    await realClick(page, load);
    await expect(
      panelOf(page)
        .getByRole('button', { name: /^0:00\b/ })
        .first(),
    ).toBeVisible({ timeout: 15_000 });
    expectChargedOnce(await settledLedger(configured, { path: 'sent' }), ['tvaAutoGen1']);
  });
}

test('an analysis within the guard from a covered frame only opens the extension’s window; seen whole, it starts', async ({
  configured,
  context,
  openVideo,
}) => {
  const page = await openVideo('tvaHuman001');
  await waitForCues(page); // confirms the length: within the guard, the panel may start it itself
  await openTab(page, 'Analysis');
  const panel = panelOf(page);
  await expect(panel.getByText(/^≈ 33 AI Units \(10:24 at 3 per minute\)/)).toBeVisible();
  const analyze = panel.getByRole('button', { name: 'Analyze video', exact: true });
  const before = (await settledLedger(configured, { path: 'sent' })).charges;

  await trick(page, 'covered');
  await expect(frameRootOf(page)).toHaveAttribute('data-armed', 'false');
  const window = await confirmWindow(context, () => realClick(page, analyze));
  await expect(window.getByRole('heading', { name: 'Analyze this video?' })).toBeVisible();
  let ledger = await settledLedger(configured, { path: 'sent' });
  expect(ledger.charges).toEqual(before);
  expect(requestsTo(ledger, '/api/watch')).toEqual([]);
  await window.close();
  await expect.poll(() => confirmWindows(context)).toHaveLength(0);

  await undo(page);
  await waitForArmed(page);
  await realClick(page, analyze);
  await expect(pendingStatus(panel)).toBeVisible();
  expect(confirmWindows(context)).toHaveLength(0);
  ledger = await settledLedger(configured, { path: 'sent' });
  expect(chargesFor(ledger, 'tvaHuman001', 'ai').map((c) => c.amount)).toEqual([33]);
});
