import type { BrowserContext, Page, Worker } from '@playwright/test';
import { clickMenuItem } from '../e2e/support/extension-pages';
import { frameArmed, panelOf } from '../e2e/support/panel';
import type { TestService } from '../e2e/support/service';
import { showCues } from './cues';
import { type Figure, figure, timed } from './figures';

const navigate = (page: Page, url: string) => page.evaluate((u) => window.ytNavigate(u), url);
const cues = (page: Page) =>
  panelOf(page)
    .getByRole('button', { name: /^0:00\b/ })
    .first();

async function openVideo(context: BrowserContext, id: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`https://www.youtube.com/watch?v=${id}`);
  await showCues(page, 20_000);
  return page;
}

/**
 * spend.minimality: a scripted session — open a video, navigate away and back, open it in a second tab,
 * reload, analyze twice, ask once — billed units over the least such a session can cost
 * (1 Cloud Request + 33 AI Units for 10:24 smart + 1 AI Unit for the question).
 */
export async function spendMinimality(context: BrowserContext, worker: Worker, service: TestService): Promise<Figure> {
  // Limits off: these figures count charges and calls, measured so far without the service's windows.
  await service.reset({ limits: false, jobMs: 2_000 });
  const page = await openVideo(context, 'tvaHuman001');
  await navigate(page, '/');
  await navigate(page, '/watch?v=tvaHuman001');
  await cues(page).waitFor();
  const second = await openVideo(context, 'tvaHuman001');
  await page.reload();
  await cues(page).waitFor();
  // The person comes back to the first tab: the panel's frame takes clicks in the tab in front (a frame of another
  // process in a tab behind gets no input in Chromium).
  await page.bringToFront();
  const panel = panelOf(page);
  await panel.getByRole('tab', { name: 'Analysis' }).click();
  await frameArmed(page);
  await panel.getByRole('button', { name: 'Analyze video' }).click();
  // The second tab's panel shows the running job, so the second "analyze" comes from the context menu.
  await clickMenuItem(worker, { menuItemId: 'tl-analyze-page' }, second);
  await page.bringToFront();
  await panel.getByRole('heading', { name: 'Summary' }).waitFor({ timeout: 30_000 });
  await panel.getByRole('tab', { name: 'Ask' }).click();
  await panel.getByRole('textbox', { name: 'Question' }).fill('What is said about latency?');
  await frameArmed(page);
  await panel.getByRole('button', { name: 'Ask' }).click();
  await panel.getByText('verified by the service').first().waitFor({ timeout: 20_000 });
  await Promise.all([page.close(), second.close()]);
  const billed = (await service.ledger()).charges.reduce((sum, c) => sum + c.amount, 0);
  const minimum = 1 + 33 + 1;
  return figure('spend.minimality', billed / minimum, 'ratio', '1', billed === minimum);
}

/** dedupe.http_calls_for_10_identical: ten tabs load one uncached video at once. */
export async function dedupe(context: BrowserContext, service: TestService): Promise<Figure> {
  // Limits off: these figures count charges and calls, measured so far without the service's windows.
  await service.reset({ limits: false });
  const pages = await Promise.all(Array.from({ length: 10 }, () => context.newPage()));
  await Promise.all(pages.map((p) => p.goto('https://www.youtube.com/watch?v=benchDedup1')));
  const load = (p: Page) => panelOf(p).getByRole('button', { name: 'Load transcript' });
  await Promise.all(pages.map((p) => load(p).waitFor({ timeout: 30_000 })));
  // Ten people (or one, impatiently) press "Load transcript" in ten tabs, as fast as each comes to the front (the
  // panel's frame takes clicks in the tab in front only); none waits for an answer.
  for (const p of pages) {
    await p.bringToFront();
    await frameArmed(p);
    await load(p).click({ noWaitAfter: true });
  }
  // A tab in the background does not paint; look at each one as a person would.
  for (const p of pages) {
    await p.bringToFront();
    await showCues(p);
  }
  const ledger = await service.ledger();
  const sent = ledger.requests.filter((r) => r.path === '/api/transcripts');
  const calls = sent.length;
  if (calls !== 1) {
    // A miss explains itself: each call's status and times, and what the service charged for the video.
    const shown = sent.map((r) => `${r.status}@${r.arrivedAt}→${r.at}${r.aborted ? ' aborted' : ''}`).join(', ');
    const charged = ledger.charges
      .filter((c) => c.videoId === 'benchDedup1')
      .map((c) => `${c.kind} ${c.amount}@${c.at}`);
    console.log(`dedupe: ${calls} transcript calls: ${shown}; charges ${charged.join(', ') || 'none'}`);
  }
  await Promise.all(pages.map((p) => p.close()));
  return figure('dedupe.http_calls_for_10_identical', calls, 'calls', '1', calls === 1);
}

/**
 * polling.interval_s and polling.after_end: one 55-second job polled by the background; the median of the
 * seconds between its polls (at least five), and polls after it ended (watched for 25 s more).
 */
const JOB_MS = 55_000;

export async function polling(context: BrowserContext, service: TestService): Promise<Figure[]> {
  // Limits off: these figures count charges and calls, measured so far without the service's windows.
  await service.reset({ limits: false, jobMs: JOB_MS });
  const page = await openVideo(context, 'tvaAutoGen1');
  const panel = panelOf(page);
  await panel.getByRole('tab', { name: 'Analysis' }).click();
  await frameArmed(page);
  await panel.getByRole('button', { name: 'Analyze video' }).click();
  await panel.getByRole('heading', { name: 'Summary' }).waitFor({ timeout: 100_000 });
  await page.close();
  await new Promise((resolve) => setTimeout(resolve, 25_000));
  const ledger = await service.ledger();
  const polls = ledger.requests.filter((r) => /^\/api\/watch\/\d+$/.test(r.path) && r.method === 'GET');
  const start = ledger.requests.find((r) => r.path === '/api/watch' && r.method === 'POST');
  // Polls by the poller are ~10 s apart; the panel's own reads of a ready job are served from cache.
  const times = polls.map((p) => p.at);
  const intervals = times.slice(1).map((t, i) => (t - (times[i] ?? t)) / 1000);
  // The job is ready on the service 45 s after its start; the first poll after that discovers it, any
  // further poll is waste.
  const readyAt = (start?.at ?? Number.NaN) + JOB_MS;
  const after = Math.max(0, polls.filter((p) => p.at > readyAt).length - 1);
  return [
    timed('polling.interval_s', intervals, 's', '10', (m) => Math.abs(m - 10) <= 0.5),
    figure('polling.after_end', after, 'polls', '0', after === 0 && Number.isFinite(readyAt)),
  ];
}
