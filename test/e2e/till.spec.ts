import type { Page } from '@playwright/test';
import { findVideo } from '../service/catalog';
import { expect, test } from './fixtures';
import { confirmBulk, journalOf, listUploads, liveWorker, selectVideos } from './support/bulk';
import { openExtensionPage } from './support/extension-pages';
import { arrivalsTo, expectChargedOnce, settledLedger } from './support/money';
import { hostOf, killServiceWorkers, loadTranscript, panelOf } from './support/panel';
import type { TestService } from './support/service';

/**
 * The till in the real extension: what the service charged, read after the dust settles, against what the
 * panel says. A request whose answer never arrived readable may have been charged: the extension names it,
 * with the price of trying again, and never sends it again by itself.
 */

test.use({ token: 'demo-starter' });

/** Generated uploads of @tvademo with distinct titles (the catalog's head videos fail or heal on purpose). */
const VIDEOS = ['tvaDemo0037', 'tvaDemo0036', 'tvaDemo0034'];
const TRANSCRIPTS = '/api/transcripts';

/** Waits until the service holds a transcripts request (arrived, not answered). */
async function heldByService(service: TestService): Promise<void> {
  await expect
    .poll(async () => {
      const ledger = await service.ledger();
      return ledger.inFlight > 0 && arrivalsTo(ledger, TRANSCRIPTS).length > 0;
    })
    .toBe(true);
}

/** The run names each video as may-have-been-charged, by title, with why, and prices trying them again. */
async function expectMayHaveBeenCharged(page: Page, why: RegExp): Promise<void> {
  const panel = hostOf(page);
  const n = VIDEOS.length;
  await expect(panel.getByText(`0 done · 0 failed · ${n} may have been charged · 0 left · finished`)).toBeVisible();
  const items = panel.getByRole('list', { name: 'May have been charged' }).getByRole('listitem');
  await expect(items).toHaveCount(n);
  for (const id of VIDEOS) await expect(items.filter({ hasText: `${findVideo(id).title} [${id}]` })).toContainText(why);
  await expect(panel.getByText(`Trying them again costs ${n} Cloud Requests.`, { exact: false })).toBeVisible();
}

/** Channel page with three uploads selected. */
async function selectThree(openVideo: (id: string, path?: string) => Promise<Page>): Promise<Page> {
  const page = await openVideo('', '/@tvademo');
  await listUploads(page);
  await selectVideos(page, VIDEOS);
  return page;
}

/** Channel page, three uploads selected, bought with the person's consent. */
async function buyThree(openVideo: (id: string, path?: string) => Promise<Page>): Promise<Page> {
  const page = await selectThree(openVideo);
  await confirmBulk(page);
  return page;
}

test('a bulk batch charged, then timed out: each video charged once, named as may have been charged, never sent again', async ({
  configured,
  openVideo,
  context,
  extensionId,
}) => {
  // The client gives up after 20 s; the service holds the charged answer longer.
  test.setTimeout(90_000);
  await configured.control('faults', { path: TRANSCRIPTS, processFirst: true, delayMs: 60_000 });
  const page = await buyThree(openVideo);
  await expect(hostOf(page).getByText(/may have been charged · 0 left · finished/)).toBeVisible({ timeout: 30_000 });
  await expectMayHaveBeenCharged(page, /took too long to answer.*may have delivered and charged/);

  const ledger = await settledLedger(configured, { path: 'bulk' });
  expectChargedOnce(ledger, VIDEOS);
  expect(arrivalsTo(ledger, TRANSCRIPTS)).toHaveLength(1);
  expect(ledger.requests.find((r) => r.path === TRANSCRIPTS)?.aborted).toBe(true);

  const popup = await openExtensionPage(context, extensionId, 'popup');
  await expect(popup.locator('.bulk-run')).toContainText('0 done · 0 failed · 3 may have been charged · 0 left');
});

test('a bulk batch charged, then answered unreadably: each video charged once, named, never sent again', async ({
  configured,
  openVideo,
}) => {
  await configured.control('faults', { path: TRANSCRIPTS, processFirst: true, status: 200, body: 'malformed' });
  const page = await buyThree(openVideo);
  await expectMayHaveBeenCharged(page, /answer could not be read.*may have delivered and charged/);

  const ledger = await settledLedger(configured, { path: 'bulk' });
  expectChargedOnce(ledger, VIDEOS);
  expect(arrivalsTo(ledger, TRANSCRIPTS)).toHaveLength(1);
});

test('two tabs on one channel, both confirmed for the same selection: each video charged once', async ({
  configured,
  openVideo,
}) => {
  // Each request takes a while, so the second tab's run starts while the first one's batch is on its way.
  await configured.control('slow', { path: TRANSCRIPTS, delayMs: 5_000 });
  const first = await selectThree(openVideo);
  const second = await selectThree(openVideo);
  // The second is priced and bought while the first one's batch is held: nothing is saved yet.
  await confirmBulk(first);
  await confirmBulk(second);
  for (const page of [first, second])
    await expect(hostOf(page).getByText(/^3 done · 0 failed · 0 left · finished/)).toBeVisible({ timeout: 20_000 });

  const ledger = await settledLedger(configured, { path: 'bulk' });
  expectChargedOnce(ledger, VIDEOS);
  expect(arrivalsTo(ledger, TRANSCRIPTS)).toHaveLength(1);
});

test('"Load transcript" of a video a bulk batch is carrying waits for the batch: one charge, the transcript shown', async ({
  configured,
  openVideo,
}) => {
  await configured.control('slow', { path: TRANSCRIPTS, delayMs: 8_000 });
  const channel = await buyThree(openVideo);
  await heldByService(configured);

  const watch = await openVideo(VIDEOS[0] ?? '');
  await loadTranscript(watch);
  // The person's click came while the batch was still held by the service.
  expect((await configured.ledger()).inFlight).toBe(1);
  await expect(
    panelOf(watch)
      .getByRole('button', { name: /^0:00\b/ })
      .first(),
  ).toBeVisible({ timeout: 15_000 });
  await expect(hostOf(channel).getByText(/^3 done · 0 failed · 0 left · finished/)).toBeVisible();

  const ledger = await settledLedger(configured, { path: 'sent' });
  expectChargedOnce(ledger, VIDEOS);
  expect(arrivalsTo(ledger, TRANSCRIPTS)).toHaveLength(1);
});

test('"Load transcript" waiting on a batch whose answer never arrives sends nothing more: the video may have been charged', async ({
  configured,
  openVideo,
}) => {
  test.setTimeout(90_000);
  await configured.control('faults', { path: TRANSCRIPTS, processFirst: true, delayMs: 60_000 });
  const channel = await buyThree(openVideo);
  await heldByService(configured);

  const watch = await openVideo(VIDEOS[0] ?? '');
  await loadTranscript(watch);
  await expect(panelOf(watch).getByRole('alert')).toContainText(
    /may have delivered and charged.*sends nothing again by itself.*Trying again costs 1 Cloud Request/,
    { timeout: 30_000 },
  );
  // Trying again is the person's own click, with the price said.
  await expect(panelOf(watch).getByRole('button', { name: 'Retry' })).toBeVisible();
  await expectMayHaveBeenCharged(channel, /took too long to answer/);

  // Past the 30 s the panel's automatic retry of a failed lookup waits: the load was not sent again by itself.
  const ledger = await settledLedger(configured, { path: 'lookup' });
  expectChargedOnce(ledger, VIDEOS);
  expect(arrivalsTo(ledger, TRANSCRIPTS)).toHaveLength(1);
});

test('the worker stopped between send and answer: the intent is unknown, nothing is sent again, the run names the videos', async ({
  configured,
  openVideo,
  context,
}) => {
  // Held before processing: the service still does the work and charges after the worker has gone.
  await configured.control('slow', { path: TRANSCRIPTS, delayMs: 6_000 });
  const page = await buyThree(openVideo);
  await heldByService(configured);
  await killServiceWorkers(page);
  await configured.control('slow', undefined, 'DELETE');

  // The panel's next look wakes a new worker, which takes the run over.
  await expectMayHaveBeenCharged(page, /stopped while this video’s batch was on its way/);
  const intents = (await journalOf(await liveWorker(context))).filter((e) => e.kind === 'transcript');
  expect(intents.map((e) => [e.path, e.outcome?.state, e.outcome?.code, [...e.subject.ids].sort()])).toEqual([
    ['bulk', 'unknown', 'interrupted', [...VIDEOS].sort()],
  ]);

  const ledger = await settledLedger(configured, { path: 'bulk' });
  expectChargedOnce(ledger, VIDEOS);
  expect(arrivalsTo(ledger, TRANSCRIPTS)).toHaveLength(1);
});
