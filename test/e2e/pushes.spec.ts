import { expect, test } from './fixtures';
import { pressAnalyze } from './support/analysis';
import { chargesFor } from './support/direct';
import { settledLedger } from './support/money';
import { openTab, panelOf, waitForCues } from './support/panel';

test('when an analysis ends, every panel on that video hears it: markers appear and Ask opens without a reload', async ({
  configured,
  openVideo,
}) => {
  await configured.control('jobs', { durationMs: 3_000 });
  const asking = await openVideo('tvaHuman001');
  await waitForCues(asking);
  await openTab(asking, 'Ask');
  const question = panelOf(asking).getByRole('textbox', { name: 'Question' });
  await expect(question).toBeDisabled();

  const starter = await openVideo('tvaHuman001');
  await waitForCues(starter);
  await openTab(starter, 'Analysis');
  await pressAnalyze(panelOf(starter));
  await expect(panelOf(starter).getByRole('heading', { name: 'Summary' })).toBeVisible({ timeout: 30_000 });

  // The other tab was never reloaded nor touched: the background's push opened its Ask tab.
  await expect(question).toBeEnabled({ timeout: 5_000 });
  await expect(asking.locator('.tl-markers button').first()).toBeAttached({ timeout: 5_000 });
  await expect(starter.locator('.tl-markers button').first()).toBeAttached();
});

const SHAPES: Array<[string, unknown, string]> = [
  [
    'an object as the answer',
    { answer: { text: 'Latency is discussed early.' }, citations: [] },
    'Latency is discussed early.',
  ],
  ['a bare string', 'Just a sentence about replication.', 'Just a sentence about replication.'],
  ['a list of parts', ['First part on consensus.', 'Second part on partitions.'], 'Second part on partitions.'],
  [
    'a flag of the wrong type',
    { answer: 'Partitions come up twice.', citations: [], insufficientEvidence: 'no' },
    'Partitions come up twice.',
  ],
  [
    'citations keyed by name',
    { answer: 'See the intro.', citations: { first: { time: 27, quote: 'Many viewers' } } },
    'See the intro.',
  ],
];

test('answers of any shape are kept and shown as text, never paid for and thrown away', async ({
  configured,
  openVideo,
}) => {
  // An analysis (a 10 s poll), a question a shape, a money read and a reload: past 60 s under the load script.
  test.setTimeout(120_000);
  const page = await openVideo('tvaHuman001');
  await waitForCues(page);
  const panel = panelOf(page);
  await openTab(page, 'Analysis');
  await pressAnalyze(panel);
  await expect(panel.getByRole('heading', { name: 'Summary' })).toBeVisible({ timeout: 30_000 });
  await openTab(page, 'Ask');
  for (const [index, [, body, text]] of SHAPES.entries()) {
    await configured.control('override', { videoId: 'tvaHuman001', answer: body });
    await panel.getByRole('textbox', { name: 'Question' }).fill(`Question number ${index + 1}?`);
    await panel.getByRole('button', { name: 'Ask', exact: true }).click();
    await expect(panel.getByText(text, { exact: false }).first()).toBeVisible();
  }
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect(panel.getByText('[object Object]')).toHaveCount(0);
  const asked = chargesFor(await settledLedger(configured, { path: 'sent' }), 'tvaHuman001', 'ai').filter(
    (c) => c.amount === 1,
  );
  expect(asked).toHaveLength(SHAPES.length);
  // All of them are kept: after a reload the history still shows every answer.
  await page.reload();
  await waitForCues(page);
  await openTab(page, 'Ask');
  for (const [, , text] of SHAPES) await expect(panel.getByText(text, { exact: false }).first()).toBeVisible();
});

test('the toolbar badge counts running analyses and clears when they end', async ({
  configured,
  openVideo,
  serviceWorker,
}) => {
  await configured.control('jobs', { durationMs: 3_000 });
  const badge = () => serviceWorker.evaluate(() => chrome.action.getBadgeText({}));
  const page = await openVideo('tvaHuman001');
  await waitForCues(page);
  await openTab(page, 'Analysis');
  await pressAnalyze(panelOf(page));
  await expect.poll(badge).toBe('1');
  await expect(panelOf(page).getByRole('heading', { name: 'Summary' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(badge).toBe('');
});
