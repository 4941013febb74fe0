import { expect, test } from './fixtures';
import { requestsTo } from './support/direct';
import { settledLedger } from './support/money';
import { killServiceWorkers, openTab, panelOf, waitForCues } from './support/panel';
import type { Ledger } from './support/service';

const cloudCharges = async (ledger: Ledger, id: string) =>
  ledger.charges.filter((c) => c.kind === 'cloud' && c.videoId === id).reduce((sum, c) => sum + c.amount, 0);

test('two tabs, a reload and a return to the same video cost one Cloud Request', async ({ configured, openVideo }) => {
  const first = await openVideo('tvaHuman001');
  const second = await openVideo('tvaHuman001');
  await waitForCues(first);
  await waitForCues(second);
  await first.reload();
  await waitForCues(first);
  await first.evaluate(() => window.ytNavigate('/'));
  await first.evaluate(() => window.ytNavigate('/watch?v=tvaHuman001'));
  await waitForCues(first);
  const ledger = await settledLedger(configured, { path: 'sent' });
  expect(await cloudCharges(ledger, 'tvaHuman001')).toBe(1);
  const transcriptCalls = ledger.requests.filter((r) => r.path === '/api/transcripts');
  expect(transcriptCalls).toHaveLength(1);
});

test('a burst of 429s ends in the transcript, with no error shown', async ({ configured, openVideo }) => {
  await configured.control('faults', { path: '/api/transcripts', status: 429, retryAfter: 1, times: 3 });
  const page = await openVideo('tvaHuman001');
  await waitForCues(page);
  await expect(panelOf(page).getByRole('alert')).toHaveCount(0);
  const statuses = (await settledLedger(configured, { path: 'panel' })).requests
    .filter((r) => r.path === '/api/transcripts')
    .map((r) => r.status);
  expect(statuses).toEqual([429, 429, 429, 200]);
});

test('an analysis keeps going when the service worker is killed mid-poll, and reaches the panel', async ({
  configured,
  openVideo,
}) => {
  await configured.control('jobs', { durationMs: 14_000 });
  const page = await openVideo('tvaHuman001');
  await waitForCues(page);
  await openTab(page, 'Analysis');
  const panel = panelOf(page);
  await expect(panel.getByText(/≈ 33 AI Units/)).toBeVisible();
  await panel.getByRole('button', { name: 'Analyze video' }).click();
  await expect(panel.getByRole('status').filter({ hasText: /Queued|Processing/ })).toBeVisible();
  await killServiceWorkers(page);
  await expect(panel.getByRole('heading', { name: 'Summary' })).toBeVisible({ timeout: 40_000 });
  await expect(panel.getByRole('status').filter({ hasText: 'Ready' })).toBeVisible();
  // Quiet past a poll interval: no poll follows the one that saw the job ready.
  const ledger = await settledLedger(configured, { path: 'poll' });
  const ai = ledger.charges.filter((c) => c.kind === 'ai' && c.videoId === 'tvaHuman001');
  expect(ai.map((c) => c.amount)).toEqual([33]);
  // Every 10 s from the start, across the worker's restart (the new one keeps the schedule): processing at
  // 10 s (the job is queued for its first third, 4.7 s, then processing until 14 s), ready at 20 s.
  const start = requestsTo(ledger, '/api/watch', 'POST');
  expect(start.map((r) => r.status)).toEqual([202]);
  const polls = requestsTo(ledger, /^\/api\/watch\/\d+$/, 'GET');
  expect(polls.map((r) => r.status)).toEqual([200, 200]);
  const sinceStart = polls.map((r) => r.arrivedAt - (start[0]?.arrivedAt ?? 0));
  expect(sinceStart[0]).toBeGreaterThanOrEqual(10_000 - 500);
  expect(sinceStart[1]).toBeGreaterThanOrEqual(20_000 - 500);
});
