import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { openAnalyzed, pendingStatus, pressAnalyze } from './support/analysis';
import { chargesFor, requestsTo } from './support/direct';
import { settledLedger } from './support/money';
import { openTab, panelOf, waitForCues } from './support/panel';
import type { Ledger } from './support/service';
import { expectVideoAt, waitForMedia } from './support/video';

/** A citation's seek buttons, named by their time (each also has a button for a note on it). */
const seekButtons = (scope: Locator) => scope.getByRole('button', { name: /^\d+:\d\d$/ });

const askCharges = (ledger: Ledger, videoId: string) => chargesFor(ledger, videoId, 'ai').filter((c) => c.amount === 1);

async function ask(panel: Locator, question: string): Promise<Locator> {
  const box = panel.getByRole('textbox', { name: 'Question' });
  await box.fill(question);
  await box.press('Enter');
  const card = panel
    .getByRole('list', { name: 'Questions and answers' })
    .locator(':scope > li')
    .filter({ has: panel.page().getByText(question, { exact: true }) });
  await expect(card).toBeVisible();
  await expect(box).toHaveValue('');
  return card;
}

test('Ask is closed until the video is analyzed, says why, and leads to the Analysis tab', async ({
  configured,
  openVideo,
}) => {
  const page = await openVideo('tvaHuman001');
  const panel = panelOf(page);
  await waitForCues(page);
  await openTab(page, 'Ask');
  await expect(panel.getByText('This video has not been analyzed yet.')).toBeVisible();
  await expect(panel.getByText('Questions are answered from a finished analysis of this video.')).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Question' })).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Ask', exact: true })).toBeDisabled();

  await panel.getByRole('button', { name: 'Go to Analysis' }).click();
  await expect(panel.getByRole('tab', { name: 'Analysis' })).toHaveAttribute('aria-selected', 'true');
  await pressAnalyze(panel);
  await expect(pendingStatus(panel)).toBeVisible();
  await openTab(page, 'Ask');
  await expect(panel.getByText('The analysis is still running; ask once it is ready.')).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Question' })).toBeDisabled();
  expect(requestsTo(await settledLedger(configured, { path: 'sent' }), /\/ask$/)).toEqual([]);
});

test('an answer cites checked moments that seek; it costs 1 AI Unit and stays after a reload', async ({
  configured,
  openVideo,
}) => {
  const { page, panel } = await openAnalyzed(configured, openVideo, 'tvaHuman001');
  await waitForMedia(page);
  await openTab(page, 'Ask');
  await expect(panel.getByText('1 AI Unit', { exact: true })).toBeVisible();
  const card = await ask(panel, 'What does the speaker say about latency?');
  await expect(card).toContainText('At 0:05 the speaker says: "If you remember one thing');
  const citations = card.getByRole('list', { name: 'Citations' });
  await expect(seekButtons(citations)).toHaveText(['0:05', '0:15', '0:27', '0:24', '0:56'], {
    useInnerText: true,
  });
  // Our own check: every spoken quote is found in the transcript; a visual one near the analysis' visual evidence.
  const speech = citations.getByRole('listitem').filter({ hasText: 'Speech' });
  await expect(speech.locator('.tl-verify')).toHaveText([
    'verified by the service',
    'verified by the service',
    'verified by the service',
  ]);
  await expect(speech.locator('.tl-second')).toHaveText([
    /^quote found in the transcript near /,
    /^quote found in the transcript near /,
    /^quote found in the transcript near /,
  ]);
  await expect(citations.getByRole('listitem').filter({ hasText: /^0:56/ })).toContainText('verified by the service');
  await citations.getByRole('button', { name: '0:27', exact: true }).click();
  await expectVideoAt(page, 27.09, true);
  expect(askCharges(await settledLedger(configured, { path: 'sent' }), 'tvaHuman001').map((c) => c.amount)).toEqual([
    1,
  ]);

  await page.reload();
  await waitForCues(page);
  await openTab(page, 'Ask');
  const kept = panelOf(page).getByRole('list', { name: 'Questions and answers' }).locator(':scope > li');
  await expect(kept).toHaveCount(1);
  await expect(kept).toContainText('What does the speaker say about latency?');
  await expect(seekButtons(kept.getByRole('list', { name: 'Citations' }))).toHaveCount(5);
  await expect(kept.locator('.tl-second').first()).toHaveText(/^quote found in the transcript/);
  expect(askCharges(await settledLedger(configured, { path: 'sent' }), 'tvaHuman001')).toHaveLength(1);
});

test('a question the video cannot answer shows the insufficient-evidence note', async ({ configured, openVideo }) => {
  const { page, panel } = await openAnalyzed(configured, openVideo, 'tvaHuman001');
  await openTab(page, 'Ask');
  const card = await ask(panel, "What colour is the presenter's car?");
  await expect(card.getByRole('note')).toHaveText('The evidence in this video is insufficient to answer that.');
  await expect(card.getByRole('list', { name: 'Citations' })).toHaveCount(0);
  // Nothing to seek; only a note on the answer is offered.
  await expect(card.getByRole('button')).toHaveText(['Note']);
});

test('answers of unusual shapes render as text; a citation past the video end has no seek button', async ({
  configured,
  openVideo,
}) => {
  const { page, panel } = await openAnalyzed(configured, openVideo, 'tvaHuman001');
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await openTab(page, 'Ask');
  const override = (answer: unknown) => configured.control('override', { videoId: 'tvaHuman001', answer });

  await override({
    answer: 'An answer with odd citations.',
    citations: [
      { type: 'spoken', timestamp: '0:27', text: 'Many viewers asked about latency' },
      { type: 'screen', seconds: 9999, text: 'Beyond the end' },
      '0:15 Think of clusters as the foundation',
    ],
    confidence: { value: 0.9, scale: { from: 0, to: 1 } },
    model: ['lens', 2],
  });
  const card = await ask(panel, 'Odd citations?');
  await expect(card).toContainText('An answer with odd citations.');
  await expect(card).toContainText('value: 0.9');
  await expect(card).toContainText('lens, 2');
  const cites = card.getByRole('list', { name: 'Citations' }).getByRole('listitem');
  await expect(cites).toHaveCount(3);
  await expect(seekButtons(cites.nth(0))).toHaveText('0:27');
  await expect(cites.nth(0)).toContainText('verified by the service');
  await expect(cites.nth(1)).toContainText('Beyond the end');
  await expect(cites.nth(1)).toContainText('time not in this video');
  await expect(cites.nth(1).getByRole('button')).toHaveCount(0);
  await expect(seekButtons(cites.nth(2))).toHaveText('0:15');
  await expect(cites.nth(2)).toContainText('Think of clusters as the foundation');
  await expect(cites.nth(2)).toContainText('verified by the service');

  await override({
    answer: '<img src=x onerror=alert(1)>',
    citations: [{ kind: 'speech', time: 5.74, quote: '<script>alert(2)</script>' }],
  });
  const markup = await ask(panel, 'Markup?');
  await expect(markup.getByText('<img src=x onerror=alert(1)>')).toBeVisible();
  await expect(markup.getByText('<script>alert(2)</script>')).toBeVisible();

  await expect(panel.locator('.tl-ask')).not.toContainText('[object Object]');
  await expect(panel.locator('.tl-ask')).not.toContainText('undefined');
  await expect(panel.locator('img, script')).toHaveCount(0);
  await expect(page.locator('img')).toHaveCount(0);
  expect(dialogs).toEqual([]);
  expect(askCharges(await settledLedger(configured, { path: 'sent' }), 'tvaHuman001')).toHaveLength(2);
});
