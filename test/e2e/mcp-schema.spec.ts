import type { Page } from '@playwright/test';
import { fixtureTitle } from '../fixtures/routes';
import { expect, test } from './fixtures';
import { spendInWindow } from './support/consent';
import { expectSpentNothing, settledLedger } from './support/money';
import { hostOf } from './support/panel';

/**
 * The MCP tools are called by the schema the server publishes in tools/list (the spec names no argument but from
 * and to). The local service's switch (/__control/mcp-tools) publishes other names, leaves an argument out, or
 * answers a JSON-RPC error; the money is read from its ledger once the dust has settled.
 */
const TOKEN = 'demo-starter';
const PICKED = ['tvaHuman001', 'tvaAutoGen1'];
const SEARCHES = 'mcp:search_transcript';

test.use({ token: TOKEN });

/** The channel's uploads listed (1 Cloud Request), two picked, the words typed: the service search is offered. */
async function offered(openVideo: (id: string, path?: string) => Promise<Page>): Promise<Page> {
  const page = await openVideo('', '/@tvademo');
  const panel = hostOf(page);
  await panel.getByRole('button', { name: 'List uploads' }).click();
  await expect(panel.getByText(/TVA Demo: 42 uploads listed/)).toBeVisible();
  for (const id of PICKED) await panel.getByRole('checkbox', { name: fixtureTitle(id) }).check();
  await panel.getByRole('searchbox', { name: 'Search these videos' }).fill('latency');
  return page;
}

test('a server that names the arguments otherwise (video_ids, q, start, end): the search is sent by its names and each video charged once', async ({
  configured,
  context,
  openVideo,
}) => {
  await configured.control('mcp-tools', {
    tool: 'search_transcript',
    rename: { videos: 'video_ids', query: 'q', from: 'start', to: 'end' },
  });
  const page = await offered(openVideo);
  const panel = hostOf(page);
  await panel.getByRole('textbox', { name: 'From' }).fill('1:00');
  await panel.getByRole('textbox', { name: 'To' }).fill('5:00');
  const buy = panel.getByRole('button', { name: 'Search 2 videos on the service' });
  await expect(buy).toBeEnabled();
  await spendInWindow(context, () => buy.click());

  const found = panel.getByRole('region', { name: 'Found on the service' });
  await expect(found.getByRole('status')).toHaveText(
    /^Searched 2 videos on the service for “latency” between 1:00 and 5:00: \d+ match(es)?\.$/,
  );
  const links = found.locator(`[data-video-id="${PICKED[0]}"]`).getByRole('link');
  await expect(links.first()).toBeVisible();
  for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) {
    const t = Number(/&t=(\d+)s$/.exec(href)?.[1]);
    expect(t >= 55 && t <= 301).toBe(true);
  }
  await expect(panel.getByRole('alert')).toHaveCount(0);

  const ledger = await settledLedger(configured, { path: 'panel' });
  const searched = ledger.charges.filter((c) => c.reason === SEARCHES && c.token === TOKEN);
  expect(searched.map((c) => [c.videoId, c.kind, c.amount]).sort()).toEqual(
    PICKED.map((id) => [id, 'cloud', 1]).sort(),
  );
});

test('a schema with no way to say the words: a sentence instead of the price, nothing to press, nothing charged', async ({
  configured,
  openVideo,
}) => {
  await configured.control('mcp-tools', { tool: 'search_transcript', drop: ['query'] });
  const page = await offered(openVideo);
  const panel = hostOf(page);
  await expect(panel.getByRole('alert')).toHaveText(
    'The service’s search_transcript tool has no way to say the words to search for, so Transcript Lens cannot search these videos on the service. Nothing was sent and nothing was charged.',
  );
  await expect(panel.getByRole('button', { name: /on the service/ })).toHaveCount(0);
  await expect(panel.getByText('2 selected videos have no saved transcript.')).toBeVisible();

  // Only the listing was bought.
  const ledger = await settledLedger(configured, { path: 'panel' });
  expect(ledger.charges.filter((c) => c.token === TOKEN).map((c) => c.reason)).toEqual(['channel_listing']);
  expect(ledger.charges.filter((c) => c.reason === SEARCHES)).toEqual([]);
});

test('a JSON-RPC error answer is a sentence by meaning (what failed, that nothing was charged, what to do), and nothing is charged', async ({
  configured,
  context,
  openVideo,
}) => {
  await configured.control('mcp-tools', {
    tool: 'search_transcript',
    rpcError: { code: -32602, message: 'Invalid params: unexpected argument' },
  });
  const page = await offered(openVideo);
  const panel = hostOf(page);
  const buy = panel.getByRole('button', { name: 'Search 2 videos on the service' });
  await expect(buy).toBeEnabled();
  const before = await settledLedger(configured, { path: 'panel' });
  await spendInWindow(context, () => buy.click());

  const alert = panel.getByRole('alert');
  await expect(alert).toContainText(
    'The service’s MCP server refused to run search_transcript: it did not accept the arguments (JSON-RPC -32602: Invalid params: unexpected argument). It ran nothing, so nothing was charged.',
  );
  await expect(alert).toContainText('2 videos were not searched.');
  await expect(alert).not.toContainText('inside Transcript Lens');

  expectSpentNothing(await settledLedger(configured, { path: 'panel' }), before);
});
