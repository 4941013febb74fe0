import type { Page } from '@playwright/test';
import { confirmBulk } from '../../e2e/support/bulk';
import { hostOf } from '../../e2e/support/panel';
import { carefully } from './careful';
import { distinctUploads, QUERY, searchOnService, selected } from './channel-page';
import { killWorkerMidRequest, slow, unreadableAfterCharge } from './faults';
import { type Fault, SPEC_PRICE, times } from './plan';
import { awaitSaid, closeAll, type Session, step } from './session';

/** On the channel page: "Download transcripts" of a selection and "Search these videos" on the service. */

const TRANSCRIPTS = { path: '/api/transcripts' };
const SEARCH = { path: '/mcp', tool: 'search_transcript' };

const finished = (page: Page) => hostOf(page).getByText(/ · finished$/);
const foundOnService = (page: Page) => hostOf(page).getByRole('region', { name: 'Found on the service' });
/** Where the outcome is said: the run's progress; the search's results and offer. */
const run = (page: Page) => hostOf(page).locator('.tl-run');
const searchSaid = (page: Page) =>
  hostOf(page).locator('.tl-found-section [role="alert"], .tl-search-offer [role="alert"]');

/** Searches once more (the rule's one retry): the window closes once the results are in the panel. */
async function searchAgain(page: Page): Promise<void> {
  const window = await searchOnService(page);
  await window.waitForEvent('close', { timeout: 30_000 });
}

export async function bulkSteps(s: Session, ids: { twice: string[]; killed: string[] }): Promise<void> {
  const def = (name: string, fault: Fault, n: number) => ({
    name,
    kind: 'bulk' as const,
    fault,
    price: times(SPEC_PRICE.transcript, n),
  });
  await step(s, def('Download 3 transcripts, confirmed in two tabs', 'two tabs', ids.twice.length), async () => {
    const pages = [await selected(s, ids.twice), await selected(s, ids.twice)];
    // Each batch takes a while, so the second tab's run starts while the first one's is on its way.
    await slow(s.service, TRANSCRIPTS, 3_000);
    for (const p of pages) await confirmBulk(p);
    for (const p of pages) await finished(p).waitFor({ timeout: 30_000 });
    await closeAll(pages);
    return { delivered: true };
  });
  await step(
    s,
    def('Download 3 transcripts, worker stopped mid-request', 'worker killed', ids.killed.length),
    async () => {
      const page = await selected(s, ids.killed);
      await slow(s.service, TRANSCRIPTS, 5_000);
      await confirmBulk(page);
      await killWorkerMidRequest(s.service, page, TRANSCRIPTS.path);
      // The panel's next look wakes a new worker, which takes the run over.
      await finished(page).waitFor({ timeout: 30_000 });
      const read = await carefully(run(page), async () => {
        await confirmBulk(page);
        await finished(page).waitFor({ timeout: 30_000 });
      });
      await page.close();
      return { delivered: read.startsWith('one retry'), read };
    },
  );
}

export async function searchSteps(s: Session, ids: { twice: string[]; garbled: string[]; killed: string[] }) {
  const def = (name: string, fault: Fault, n: number) => ({
    name,
    kind: 'search' as const,
    fault,
    price: times(SPEC_PRICE.searchPerVideo, n),
  });
  await step(
    s,
    def('Search 2 videos on the service, confirmed in two tabs', 'two tabs', ids.twice.length),
    async () => {
      const pages = [await selected(s, ids.twice), await selected(s, ids.twice)];
      await slow(s.service, SEARCH, 3_000);
      for (const p of pages) await searchOnService(p);
      for (const p of pages) await foundOnService(p).waitFor({ timeout: 30_000 });
      await closeAll(pages);
      return { delivered: true };
    },
  );
  const garbled = def('Search 2 videos on the service, unreadable answer', 'unreadable 200 after charge', 2);
  await step(s, garbled, async () => {
    const page = await selected(s, ids.garbled);
    await unreadableAfterCharge(s.service, SEARCH);
    await searchOnService(page);
    await awaitSaid(s, page, searchSaid(page));
    const read = await carefully(searchSaid(page), () => searchAgain(page));
    await page.close();
    return { delivered: read.startsWith('one retry'), read };
  });
  const killed = def('Search 2 videos on the service, worker stopped mid-request', 'worker killed', 2);
  await step(s, killed, async () => {
    const page = await selected(s, ids.killed);
    await slow(s.service, SEARCH, 5_000);
    await searchOnService(page);
    await killWorkerMidRequest(s.service, page, SEARCH.path);
    // The person reloads, picks the same videos and words again, and reads the offer before buying.
    await page.close();
    const again = await selected(s, ids.killed);
    await hostOf(again).getByRole('searchbox', { name: 'Search these videos' }).fill(QUERY);
    const offer = hostOf(again).locator('.tl-search-offer');
    await offer.waitFor({ timeout: 20_000 });
    const read = await carefully(offer, () => searchAgain(again));
    await again.close();
    return { delivered: read.startsWith('one retry'), read };
  });
}

/** The channel's purchases over twelve uploads with distinct titles (three and three bought, six searched). */
export async function channelSteps(s: Session): Promise<void> {
  const ids = distinctUploads();
  if (ids.length < 12) throw new Error('twelve uploads with distinct titles are needed');
  await bulkSteps(s, { twice: ids.slice(0, 3), killed: ids.slice(3, 6) });
  await searchSteps(s, { twice: ids.slice(6, 8), garbled: ids.slice(8, 10), killed: ids.slice(10, 12) });
}
