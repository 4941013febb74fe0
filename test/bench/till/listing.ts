import type { Page } from '@playwright/test';
import { hostOf } from '../../e2e/support/panel';
import { carefully } from './careful';
import { channelIdOf, firstUpload, listButton } from './channel-page';
import { errorBeforeCharge, killWorkerMidRequest, reloadAsAsked, slow, unreadableAfterCharge } from './faults';
import { type Fault, SPEC_PRICE } from './plan';
import { awaitSaid, closeAll, open, type Session, step } from './session';

/** "List uploads" on channel pages: 1 Cloud Request when the listing succeeds. */

const CHANNELS_API = { path: '/api/channels' };
/** Where the listing's outcome is said: its alerts, and the note about an earlier listing. */
const said = (page: Page) =>
  hostOf(page).locator('.tl-channel > [role="alert"], .tl-channel > .alert, .tl-channel > .tl-note');

/** Lists once more (the rule's one retry) and waits for the uploads. */
async function listAgain(page: Page): Promise<void> {
  await listButton(page).click();
  await firstUpload(page).waitFor({ timeout: 20_000 });
}

async function faultedListing(s: Session, handle: string, inject: () => Promise<unknown>) {
  const page = await open(s, `/@${handle}`);
  await inject();
  await listButton(page).click();
  await awaitSaid(s, page, hostOf(page).getByRole('alert'));
  const read = await carefully(said(page), () => listAgain(page));
  await page.close();
  return { delivered: read.startsWith('one retry'), read };
}

export async function listingSteps(s: Session): Promise<void> {
  const def = (name: string, handle: string, fault: Fault) => ({
    name,
    kind: 'listing' as const,
    fault,
    price: SPEC_PRICE.listing,
    channelId: channelIdOf(handle),
  });
  await step(s, def('List uploads in two tabs at once', 'tvademo', 'two tabs'), async () => {
    const pages = [await open(s, '/@tvademo'), await open(s, '/@tvademo')];
    for (const p of pages) await listButton(p).waitFor({ timeout: 20_000 });
    await slow(s.service, CHANNELS_API, 2_000);
    await Promise.all(pages.map((p) => listButton(p).click()));
    for (const p of pages) await firstUpload(p).waitFor({ timeout: 20_000 });
    await closeAll(pages);
    return { delivered: true };
  });
  await step(s, def('List uploads, unreadable answer', 'tvamixed', 'unreadable 200 after charge'), () =>
    faultedListing(s, 'tvamixed', () => unreadableAfterCharge(s.service, CHANNELS_API)),
  );
  await step(s, def('List uploads, 500 before processing', 'tvabroken', '5xx before charge'), () =>
    faultedListing(s, 'tvabroken', () => errorBeforeCharge(s.service, CHANNELS_API, 500)),
  );
  await step(s, def('List uploads, worker stopped mid-request', 'tvabig', 'worker killed'), async () => {
    const page = await open(s, '/@tvabig');
    await slow(s.service, CHANNELS_API, 5_000);
    await listButton(page).click();
    await killWorkerMidRequest(s.service, page, CHANNELS_API.path);
    await reloadAsAsked(page);
    await listButton(page).or(firstUpload(page)).first().waitFor({ timeout: 20_000 });
    const read = (await firstUpload(page).isVisible())
      ? 'the listing shows: nothing to do'
      : await carefully(said(page), () => listAgain(page));
    const delivered = await firstUpload(page).isVisible();
    await page.close();
    return { delivered, read };
  });
}
