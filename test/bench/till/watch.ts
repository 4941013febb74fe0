import type { Page } from '@playwright/test';
import { frameArmed, panelOf } from '../../e2e/support/panel';
import { showCues } from '../cues';
import { carefully } from './careful';
import {
  errorBeforeCharge,
  killWorkerMidRequest,
  reloadAsAsked,
  slow,
  timeoutAfterCharge,
  unreadableAfterCharge,
} from './faults';
import { type Fault, SPEC_PRICE } from './plan';
import { awaitSaid, closeAll, type Done, open, type Session, step } from './session';

/** "Load transcript" on a watch page: one transcript per video, 1 Cloud Request. */

const TRANSCRIPTS = { path: '/api/transcripts' };
const loadButton = (page: Page) => panelOf(page).getByRole('button', { name: 'Load transcript' });
/** Where the panel says what became of a purchase: its alerts and notes. */
const message = (page: Page) => panelOf(page).locator('[role="alert"], .tl-note');

async function openUnsaved(s: Session, videoId: string): Promise<Page> {
  const page = await open(s, `/watch?v=${videoId}`);
  await loadButton(page).waitFor({ timeout: 20_000 });
  return page;
}

/** A Load whose answer a fault took: the alert is read, and Retry pressed once if the rule says so. */
async function faultedLoad(s: Session, videoId: string, inject: () => Promise<unknown>): Promise<Done> {
  const page = await openUnsaved(s, videoId);
  await inject();
  await frameArmed(page);
  await loadButton(page).click();
  const alert = panelOf(page).getByRole('alert');
  await awaitSaid(s, page, alert);
  const read = await carefully(message(page), async () => {
    await frameArmed(page);
    await panelOf(page).getByRole('button', { name: 'Retry' }).click();
    await showCues(page);
  });
  await page.close();
  return { delivered: read.startsWith('one retry'), read };
}

export async function loadSteps(s: Session, ids: readonly string[]): Promise<void> {
  const [clean, twice, late, garbled, failing, killed] = ids;
  if (!killed || !clean || !twice || !late || !garbled || !failing) throw new Error('six videos needed');
  const def = (name: string, fault: Fault) => ({
    name,
    kind: 'transcript' as const,
    fault,
    price: SPEC_PRICE.transcript,
  });

  await step(s, def('Load', 'none'), async () => {
    const page = await openUnsaved(s, clean);
    await showCues(page);
    await page.close();
    return { delivered: true };
  });

  await step(s, def('Load in two tabs at once', 'two tabs'), async () => {
    const pages = [await openUnsaved(s, twice), await openUnsaved(s, twice)];
    await slow(s.service, TRANSCRIPTS, 2_000);
    await Promise.all(pages.map((p) => frameArmed(p)));
    await Promise.all(pages.map((p) => loadButton(p).click()));
    for (const p of pages) {
      await p.bringToFront();
      await showCues(p);
    }
    await closeAll(pages);
    return { delivered: true };
  });

  await step(s, def('Load, answer held past the timeout', 'timeout after charge'), () =>
    faultedLoad(s, late, () => timeoutAfterCharge(s.service, TRANSCRIPTS)),
  );
  await step(s, def('Load, unreadable answer', 'unreadable 200 after charge'), () =>
    faultedLoad(s, garbled, () => unreadableAfterCharge(s.service, TRANSCRIPTS)),
  );
  await step(s, def('Load, 500 before processing', '5xx before charge'), () =>
    faultedLoad(s, failing, () => errorBeforeCharge(s.service, TRANSCRIPTS, 500)),
  );

  await step(s, def('Load, worker stopped mid-request', 'worker killed'), async () => {
    const page = await openUnsaved(s, killed);
    await slow(s.service, TRANSCRIPTS, 5_000);
    await frameArmed(page);
    await loadButton(page).click();
    await killWorkerMidRequest(s.service, page, TRANSCRIPTS.path);
    await reloadAsAsked(page);
    await loadButton(page).waitFor({ timeout: 20_000 });
    const read = await carefully(message(page), async () => {
      await frameArmed(page);
      await loadButton(page).click();
      await showCues(page);
    });
    await page.close();
    return { delivered: read.startsWith('one retry'), read };
  });
}
