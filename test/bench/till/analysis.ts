import type { Page } from '@playwright/test';
import { frameArmed, openTab, panelOf } from '../../e2e/support/panel';
import { findVideo } from '../../service/catalog';
import { carefully } from './careful';
import { errorBeforeCharge, killWorkerMidRequest, reloadAsAsked, slow, timeoutAfterCharge } from './faults';
import { analysisPrice, type Fault, SPEC_PRICE, times } from './plan';
import { awaitSaid, closeAll, open, type Session, step } from './session';

/** "Analyze video" (below the spending guard, so in the panel) and "Ask", on watch pages. */

const WATCH = { path: '/api/watch' };
const analyze = (page: Page) => panelOf(page).getByRole('button', { name: 'Analyze video' });
const started = (page: Page) =>
  panelOf(page)
    .getByRole('status')
    .filter({ hasText: /^(Queued|Processing|Ready)/ });
const summary = (page: Page) => panelOf(page).getByRole('heading', { name: 'Summary' });
/** Where a failed start or question is said (not the notes of earlier answers). */
const message = (page: Page) =>
  panelOf(page).locator('.tl-start [role="alert"], .tl-analysis > [role="alert"], .tl-analysis > [role="note"]');

async function analysisTab(s: Session, videoId: string): Promise<Page> {
  const page = await open(s, `/watch?v=${videoId}`);
  await openTab(page, 'Analysis');
  await analyze(page).waitFor({ timeout: 20_000 });
  // Enabled once the price is in (the page reported the video's length, which the saved track vouches for).
  while (!(await analyze(page).isEnabled())) await page.waitForTimeout(100);
  return page;
}

/**
 * The person presses "Analyze video" and the job shows. A quote spent by a failed start is refused with "check
 * the cost again"; the panel then prices again and the person presses once more: one act of trying again.
 */
async function pressAnalyze(page: Page): Promise<void> {
  await frameArmed(page);
  await analyze(page).click();
  const refused = panelOf(page)
    .getByRole('alert')
    .filter({ hasText: /check the cost again/i });
  await started(page).or(refused).first().waitFor({ timeout: 30_000 });
  if (await started(page).isVisible()) return;
  while (!(await analyze(page).isEnabled())) await page.waitForTimeout(100);
  await frameArmed(page);
  await analyze(page).click();
  await started(page).waitFor({ timeout: 30_000 });
}

/**
 * The transcript shown, as a person gets it: "Load transcript", and "Retry" after a lookup that failed for free
 * (tvaFlaky001's first two fail, and the panel may not retry them by itself in time).
 */
async function readTranscript(page: Page): Promise<void> {
  const panel = panelOf(page);
  const cue = panel.getByRole('button', { name: /^0:00\b/ }).first();
  const press = panel.getByRole('button', { name: /^(Load transcript|Retry)$/ }).first();
  for (let tries = 0; tries < 4; tries++) {
    await cue.or(press).first().waitFor({ timeout: 30_000 });
    if (await cue.isVisible()) return;
    await frameArmed(page);
    await press.click();
    // A failure can bring Retry back at once, where Load was: then the next round presses it.
    await press.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
  }
  await cue.waitFor({ timeout: 30_000 });
}

/** Waits until the analysis is ready in the panel (the background polls every 10 s), so its polling ends. */
const ready = (page: Page) => summary(page).waitFor({ timeout: 40_000 });

/** The analysis steps; returns the page of `withQuestions`, analysed, for the questions. */
export async function analysisSteps(
  s: Session,
  ids: { twice: string; refused: string; late: string; killed: string },
): Promise<Page> {
  const def = (name: string, videoId: string, fault: Fault) => ({
    name,
    kind: 'analysis' as const,
    fault,
    price: analysisPrice(findVideo(videoId).durationSeconds),
  });

  // The person loads each transcript first: a track the service delivered vouches for the page's length, so the
  // analysis is priced in the panel, below the guard. A purchase of its own, so its Cloud Requests are in the minimum.
  const videos = [...new Set(Object.values(ids))];
  const loads = { name: 'Load the videos to analyse', kind: 'transcript' as const, fault: 'none' as const };
  await step(s, { ...loads, price: times(SPEC_PRICE.transcript, videos.length) }, async () => {
    for (const videoId of videos) {
      const page = await open(s, `/watch?v=${videoId}`);
      await readTranscript(page);
      await page.close();
    }
    return { delivered: true };
  });

  await step(s, def('Analyze in two tabs at once', ids.twice, 'two tabs'), async () => {
    const pages = [await analysisTab(s, ids.twice), await analysisTab(s, ids.twice)];
    await slow(s.service, WATCH, 2_000);
    await Promise.all(pages.map((p) => frameArmed(p)));
    await Promise.all(pages.map((p) => analyze(p).click()));
    for (const p of pages) await started(p).waitFor({ timeout: 20_000 });
    for (const p of pages) await ready(p);
    await closeAll(pages);
    return { delivered: true };
  });

  // The spec: a start refused with 503 consumes nothing; the panel says so, and the person tries again.
  const kept: { page?: Page } = {};
  await step(
    s,
    { ...def('Analyze, 503 before processing', ids.refused, '5xx before charge'), refusalIsFree: true },
    async () => {
      const page = await analysisTab(s, ids.refused);
      await errorBeforeCharge(s.service, WATCH, 503);
      await frameArmed(page);
      await analyze(page).click();
      await awaitSaid(s, page, panelOf(page).getByRole('alert'));
      const read = await carefully(message(page), () => pressAnalyze(page));
      kept.page = page;
      if (read.startsWith('one retry')) await ready(page);
      return { delivered: read.startsWith('one retry'), read };
    },
  );

  await step(s, def('Analyze, answer held past the timeout', ids.late, 'timeout after charge'), async () => {
    const page = await analysisTab(s, ids.late);
    // No other job is polled now (each ended above), so the fault meets this start and nothing else.
    await timeoutAfterCharge(s.service, WATCH);
    await frameArmed(page);
    await analyze(page).click();
    await awaitSaid(s, page, panelOf(page).getByRole('alert'));
    const read = await carefully(message(page), () => pressAnalyze(page));
    if (read.startsWith('one retry')) await ready(page);
    await page.close();
    return { delivered: read.startsWith('one retry'), read };
  });
  await step(s, def('Analyze, worker stopped mid-request', ids.killed, 'worker killed'), async () => {
    const page = await analysisTab(s, ids.killed);
    await slow(s.service, WATCH, 5_000);
    await frameArmed(page);
    await analyze(page).click();
    await killWorkerMidRequest(s.service, page, WATCH.path);
    await reloadAsAsked(page);
    await openTab(page, 'Analysis');
    await analyze(page).or(started(page)).first().waitFor({ timeout: 20_000 });
    const read = (await started(page).isVisible())
      ? 'the job shows: nothing to do'
      : await carefully(message(page), () => pressAnalyze(page));
    const delivered = await started(page).isVisible();
    if (delivered) await ready(page);
    await page.close();
    return { delivered, read };
  });
  if (!kept.page) throw new Error('the analysis for the questions did not start');
  return kept.page;
}
