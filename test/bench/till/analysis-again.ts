import type { Page } from '@playwright/test';
import { liveWorker } from '../../e2e/support/bulk';
import { analyzeOnService } from '../../e2e/support/direct';
import { clickMenuItem } from '../../e2e/support/extension-pages';
import { frameArmed, openTab, panelOf } from '../../e2e/support/panel';
import { findVideo } from '../../service/catalog';
import { showCues } from '../cues';
import { analysisPrice, type Fault, SPEC_PRICE, times } from './plan';
import { open, type Session, step } from './session';

/**
 * Analysis starts the service answers without a new job (the spec's states table): the video analysed before
 * (200, ready at once) and a second start of a running job (the same job returned). Neither charges again, and
 * the journal books 0 for each (utils/till/analysis-charge.ts).
 */

const analyze = (page: Page) => panelOf(page).getByRole('button', { name: 'Analyze video' });
const status = (page: Page, words: RegExp) => panelOf(page).getByRole('status').filter({ hasText: words });
const summary = (page: Page) => panelOf(page).getByRole('heading', { name: 'Summary' });

/** The page, its transcript shown (it vouches for the page's length), and "Analyze video" priced. */
async function analysisTab(s: Session, videoId: string): Promise<Page> {
  const page = await open(s, `/watch?v=${videoId}`);
  await showCues(page);
  await openTab(page, 'Analysis');
  await analyze(page).waitFor({ timeout: 20_000 });
  while (!(await analyze(page).isEnabled())) await page.waitForTimeout(100);
  return page;
}

export async function analysisAgainSteps(s: Session, ids: { before: string; same: string }): Promise<void> {
  const def = (name: string, videoId: string, fault: Fault) => ({
    name,
    kind: 'analysis' as const,
    fault,
    price: analysisPrice(findVideo(videoId).durationSeconds),
  });

  // The account's assistant analysed the video (its charge is the assistant's, not the extension's).
  const assistantFrom = Date.now();
  await analyzeOnService(s.service, ids.before);
  const ledger = await s.service.ledger();
  s.assistant.push(...ledger.charges.filter((c) => c.at >= assistantFrom && c.videoId === ids.before));
  // The person reads each transcript first: a purchase of its own, so that the analyses are priced in the panel.
  const pages: Page[] = [];
  const loads = { name: 'Load the two videos to analyse', kind: 'transcript' as const, fault: 'none' as const };
  await step(s, { ...loads, price: times(SPEC_PRICE.transcript, 2) }, async () => {
    pages.push(await analysisTab(s, ids.before), await analysisTab(s, ids.same));
    return { delivered: true };
  });
  const [before, same] = pages;
  if (!before || !same) throw new Error('the analysis tabs did not open');
  await step(s, def('Analyze a video analysed before: ready at once', ids.before, 'analyzed before'), async () => {
    await before.bringToFront();
    await frameArmed(before);
    await analyze(before).click();
    await status(before, /^Ready/).waitFor({ timeout: 20_000 });
    await summary(before).waitFor({ timeout: 20_000 });
    return { delivered: true };
  });
  await before.close();

  await step(
    s,
    def('Analyze, then the menu on the running job: the same job', ids.same, 'same job returned'),
    async () => {
      await same.bringToFront();
      await frameArmed(same);
      await analyze(same).click();
      await status(same, /^(Queued|Processing|Ready)/).waitFor({ timeout: 20_000 });
      // The panel shows the job; the person asks again from the page's context menu, which starts it once more.
      const starts = async () =>
        (await s.service.ledger()).requests.filter((r) => r.path === '/api/watch' && r.method === 'POST' && !r.direct)
          .length;
      const sent = await starts();
      await clickMenuItem(await liveWorker(s.context), { menuItemId: 'tl-analyze-page' }, same);
      const deadline = Date.now() + 20_000;
      while ((await starts()) === sent && Date.now() < deadline) await same.waitForTimeout(100);
      const read = (await starts()) > sent ? 'the menu started it again' : 'the menu sent no second start';
      await summary(same).waitFor({ timeout: 40_000 });
      return { delivered: true, read };
    },
  );
  await same.close();
}
