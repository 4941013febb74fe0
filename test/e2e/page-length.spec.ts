import { expect, test } from './fixtures';
import { confirmWindow } from './support/consent';
import { chargesFor, requestsTo } from './support/direct';
import { expectSpentNothing, settledLedger } from './support/money';
import { openTab, panelOf } from './support/panel';

/**
 * A page whose player reports 3:20 for a three-hour video (tvaLong3h01: 540 AI Units in a standard mode). Priced
 * by the page alone it would be 12 AI Units, within the guard, one click in the panel. The page's length is
 * shown as an estimate; the click opens the extension's window at the worst case, and nothing is spent until
 * Spend there.
 */
const VIDEO = 'tvaLong3h01';

// The page's player plays a 200-second media for it: what a page that lies about the length reports.
test.use({ mediaLengths: { [VIDEO]: 200 } });

test('a page reporting 200 s for a three-hour video never spends 540 from one click in the panel: the window asks, at the worst case', async ({
  configured,
  context,
  openVideo,
}) => {
  const page = await openVideo(VIDEO);
  const panel = panelOf(page);
  await openTab(page, 'Analysis');
  await expect(
    panel.getByText(
      /^≈ 12 AI Units by the page’s length \(3:20\); the service charges by the real length: up to 720 AI Units/,
    ),
  ).toBeVisible();
  const before = await settledLedger(configured, { path: 'sent' });

  const window = await confirmWindow(context, () => panel.getByRole('button', { name: 'Analyze video' }).click());
  await expect(
    window.getByText(
      'About 12 AI Units by the page’s length (3:20); the service charges by the real length, so this may cost up to 720 AI Units',
    ),
  ).toBeVisible();
  await expect(
    window.getByText('A length only the page reports is not a price: the analysis is confirmed here.'),
  ).toBeVisible();
  await expect(panel.getByText('Confirm in the Transcript Lens window…')).toBeVisible();
  // The click in the page opened the window and sent nothing.
  const afterClick = await settledLedger(configured, { path: 'sent' });
  expectSpentNothing(afterClick, before);
  expect(requestsTo(afterClick, '/api/watch')).toEqual([]);

  await window.getByRole('button', { name: 'Spend' }).click();
  await expect(window.getByRole('status')).toHaveText('Analysis started. Follow it in the panel.');
  const ledger = await settledLedger(configured, { path: 'sent' });
  expect(requestsTo(ledger, '/api/watch', 'POST').map((r) => r.status)).toEqual([202]);
  // The service charged by the real length, within the 720 the window showed.
  expect(chargesFor(ledger, VIDEO, 'ai').map((c) => c.amount)).toEqual([540]);
});
