import type { Page } from '@playwright/test';
import { spendInWindow } from '../../e2e/support/consent';
import { hostOf } from '../../e2e/support/panel';
import { CHANNELS, uploads } from '../../service/channels-data';
import { open, type Session } from './session';

/** A channel page as the person uses it: its held listing, uploads picked by title, a search on the service. */

export const QUERY = 'latency';

export const channelIdOf = (handle: string) => CHANNELS.find((c) => c.handle === handle)?.channelId ?? handle;

function demoUploads() {
  const demo = CHANNELS.find((c) => c.handle === 'tvademo');
  if (!demo) throw new Error('no @tvademo in the catalog');
  return uploads(demo, 500);
}
const DEMO_UPLOADS = demoUploads();
const titleOf = (id: string) => DEMO_UPLOADS.find((u) => u.id === id)?.title ?? id;

/** Uploads of @tvademo whose titles no other upload shares, so a person can pick each by its title. */
export function distinctUploads(): string[] {
  const seen = new Map<string, number>();
  for (const u of DEMO_UPLOADS) seen.set(u.title, (seen.get(u.title) ?? 0) + 1);
  return DEMO_UPLOADS.filter((u) => seen.get(u.title) === 1 && u.id.startsWith('tvaDemo')).map((u) => u.id);
}

export const listButton = (page: Page) => hostOf(page).getByRole('button', { name: 'List uploads' });
export const firstUpload = (page: Page) => hostOf(page).getByRole('checkbox').first();

/** A channel page with its held listing shown (free) and these uploads ticked, found by title as a person does. */
export async function selected(s: Session, ids: readonly string[]): Promise<Page> {
  const page = await open(s, '/@tvademo');
  await firstUpload(page).waitFor({ timeout: 20_000 });
  const filter = hostOf(page).getByRole('searchbox', { name: 'Filter uploads' });
  for (const id of ids) {
    const title = titleOf(id);
    await filter.fill(title);
    await hostOf(page).getByRole('checkbox', { name: title, exact: true }).check();
  }
  await filter.fill('');
  return page;
}

/** "Search these videos" for the words, then the offer's button, then Spend in the extension's window. */
export async function searchOnService(page: Page): Promise<Page> {
  await hostOf(page).getByRole('searchbox', { name: 'Search these videos' }).fill(QUERY);
  return spendInWindow(page.context(), () =>
    hostOf(page)
      .getByRole('button', { name: /^Search \d+ videos? on the service$/ })
      .click(),
  );
}
