import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { pressAnalyze, readyStatus } from './support/analysis';
import { requestsTo } from './support/direct';
import { settledLedger } from './support/money';
import { loadTranscript, openTab, panelOf, waitForCues } from './support/panel';

/** Literal bodies the local service never produces (test/fixtures/service-bodies/), served by its fault injector. */
const body = (name: string) =>
  readFileSync(join(import.meta.dirname, '..', 'fixtures', 'service-bodies', name), 'utf8');

test('a transcript in the bare-array shape public clients parse renders its cues, marked auto-generated', async ({
  configured,
  openVideo,
}) => {
  await configured.control('faults', {
    path: '/api/transcripts',
    status: 200,
    text: body('transcripts-bare-array-tracks.json'),
    contentType: 'application/json',
  });
  const page = await openVideo('dQw4w9WgXcQ');
  const panel = panelOf(page);
  await loadTranscript(page);
  await expect(panel.getByRole('button', { name: "0:18 we're no strangers to love" })).toBeVisible();
  await expect(panel.getByText('Auto-generated', { exact: true })).toBeVisible();
  await expect(panel.getByRole('alert')).toHaveCount(0);
});

test('a proxy’s HTML 503 page reads as a sentence with Retry (it may have charged: nothing is sent by itself), and Retry then loads the transcript', async ({
  configured,
  openVideo,
}) => {
  await configured.control('faults', {
    path: '/api/transcripts',
    status: 503,
    text: body('error-proxy-503.html'),
    contentType: 'text/html',
  });
  const page = await openVideo('tvaHuman001');
  const panel = panelOf(page);
  await loadTranscript(page);
  const alert = panel.getByRole('alert');
  // A 5xx after sending may have been charged: said, with the price of trying again; nothing is sent by itself.
  await expect(alert).toContainText('may have delivered and charged the transcript');
  await expect(alert).toContainText('Trying again costs 1 Cloud Request');
  await expect(alert).not.toContainText('<html');
  await panel.getByRole('button', { name: 'Retry' }).click();
  await waitForCues(page);
  // Past the 30 s the panel's automatic retry of a failed lookup waits: the 503 was not sent again by itself.
  const ledger = await settledLedger(configured, { path: 'lookup' });
  expect(requestsTo(ledger, '/api/transcripts').map((r) => r.status)).toEqual([503, 200]);
});

test('an analysis start answered “ready” without a job id: the analysis is shown, not thrown away; questions say why not; charged once', async ({
  configured,
  openVideo,
}) => {
  // The service starts (and charges) the analysis, then answers 200 "ready" with it and no job id.
  await configured.control('faults', {
    path: '/api/watch',
    processFirst: true,
    status: 200,
    text: body('watch-ready-without-jobid.json'),
    contentType: 'application/json',
  });
  const page = await openVideo('tvaHuman001');
  const panel = panelOf(page);
  await waitForCues(page);
  await openTab(page, 'Analysis');
  await pressAnalyze(panel);
  await expect(readyStatus(panel)).toContainText('sent without a job number');
  await expect(panel.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(panel.getByText('Analysed before.')).toBeVisible();
  await expect(panel.getByRole('alert')).toHaveCount(0);

  await openTab(page, 'Ask');
  await expect(
    panel.getByText(/sent this analysis without its job number, so questions cannot be sent to it/),
  ).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Ask' })).toBeDisabled();

  const ledger = await settledLedger(configured, { path: 'panel' });
  expect(ledger.charges.filter((c) => c.kind === 'ai').map((c) => c.amount)).toEqual([33]);
  // Never polled or fetched: it has no number to ask about.
  expect(ledger.arrivals.filter((a) => a.path.startsWith('/api/watch/'))).toEqual([]);
});
