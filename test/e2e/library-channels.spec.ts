import { expect, test } from './fixtures';
import { requestsTo } from './support/direct';
import { openLibrary } from './support/library';
import { settledLedger } from './support/money';

const TOKEN = 'demo-starter';
test.use({ token: TOKEN });

test('pasted channels in the library: priced first, listed in one request, each charged once (a handle and its UC… id too), listed again for free', async ({
  configured,
  context,
  extensionId,
}) => {
  const library = await openLibrary(context, extensionId);
  const box = library.getByRole('textbox', { name: 'Channels to list' });
  await box.fill(
    [
      '@tvademo',
      'https://www.youtube.com/@tvabig/videos',
      'not a channel',
      'https://www.youtube.com/@TVADemo',
      '@tvabroken',
      // @tvademo's channel id: only a listing says they are one channel.
      'UCtvademo000000000000000',
    ].join('\n'),
  );
  await library.getByRole('button', { name: 'Read the channels' }).click();
  await expect(library.getByText('4 channels read, 1 repeat kept once; 1 line could not be read:')).toBeVisible();
  await expect(library.getByText('Line 3: “not a channel” is not a YouTube channel link or handle.')).toBeVisible();
  // Priced before anything is sent, at most: the handles in one request of the Starter plan's 10, the id after.
  await expect(
    library.getByText(
      /^Listing 4 channels costs up to 4 Cloud Requests \(.*\), sent in 2 requests of up to 10 channels\./,
    ),
  ).toBeVisible();
  expect(requestsTo(await settledLedger(configured, { path: 'sent' }), '/api/channels')).toEqual([]);

  await library.getByRole('button', { name: 'List 4 channels (4 Cloud Requests)' }).click();
  const outcome = library.getByRole('list', { name: 'Channels listed' });
  // The id turned out to be @tvademo's: shown once, and never sent.
  await expect(
    outcome.getByText('TVA Demo: listed — also pasted as UCtvademo000000000000000: the same channel, listed once'),
  ).toBeVisible();
  await expect(outcome.getByRole('listitem')).toHaveCount(3);
  await expect(outcome.getByText('TVA Big Archive: listed')).toBeVisible();
  await expect(outcome.getByText(/^@tvabroken: not listed — /)).toBeVisible();
  // The union of their uploads, 42 + 500 listed, in the bulk view (at most 500 at once).
  await expect(library.getByText('42 more uploads not shown: the most taken at once is 500.')).toBeVisible();
  await expect(library.getByText('500 selected · 500 shown')).toBeVisible();
  await expect(library.getByRole('button', { name: 'Download transcripts' })).toBeVisible();

  let ledger = await settledLedger(configured, { path: 'sent' });
  expect(requestsTo(ledger, '/api/channels')).toHaveLength(1);
  // Each listed channel charged once (@tvademo not again by its id); the failed one is free.
  expect(ledger.charges.filter((c) => c.token === TOKEN).map((c) => [c.kind, c.amount])).toEqual([
    ['cloud', 1],
    ['cloud', 1],
  ]);

  // The same channels again: held, so free, and nothing is sent.
  await box.fill(['https://www.youtube.com/@tvademo', '@tvabig'].join('\n'));
  await library.getByRole('button', { name: 'Read the channels' }).click();
  await expect(library.getByText('Every channel is listed already: showing them costs nothing.')).toBeVisible();
  await library.getByRole('button', { name: 'Show their uploads' }).click();
  await expect(outcome.getByText('TVA Demo: already listed, free')).toBeVisible();
  await expect(library.getByText('500 selected · 500 shown')).toBeVisible();
  ledger = await settledLedger(configured, { path: 'sent' });
  expect(requestsTo(ledger, '/api/channels')).toHaveLength(1);
  expect(ledger.charges.filter((c) => c.token === TOKEN)).toHaveLength(2);
});

test('a channel page and the library listing the same channel at the same moment buy it once', async ({
  configured,
  context,
  extensionId,
  openVideo,
}) => {
  // Each listing takes 3 s at the service, so the two purchases overlap.
  await configured.control('slow', { path: '/api/channels', delayMs: 3_000 });
  const page = await openVideo('', '/@tvademo/videos');
  const panel = page.locator('transcript-lens-panel');
  const list = panel.getByRole('button', { name: 'List uploads' });
  await expect(list).toBeVisible();

  const library = await openLibrary(context, extensionId);
  await library.getByRole('textbox', { name: 'Channels to list' }).fill(['@tvademo', '@tvabig'].join('\n'));
  await library.getByRole('button', { name: 'Read the channels' }).click();
  const buy = library.getByRole('button', { name: 'List 2 channels (2 Cloud Requests)' });
  await expect(buy).toBeVisible();

  // The channel page's listing leaves first; the library's, with the same channel, while it is still out.
  await list.click();
  await expect.poll(async () => requestsTo(await configured.ledger(), '/api/channels').length).toBe(1);
  await buy.click();
  await expect(panel.getByText(/TVA Demo: 42 uploads listed/)).toBeVisible();
  const outcome = library.getByRole('list', { name: 'Channels listed' });
  await expect(outcome.getByText('TVA Big Archive: listed')).toBeVisible();
  await expect(outcome.getByText(/^TVA Demo: (listed|already listed, free)$/)).toBeVisible();

  const ledger = await settledLedger(configured, { path: 'sent' });
  // Two requests: the page's (@tvademo), then the library's with only what was not listed meanwhile (@tvabig).
  const sent = requestsTo(ledger, '/api/channels');
  expect(sent).toHaveLength(2);
  expect(ledger.charges.filter((c) => c.token === TOKEN).map((c) => [c.kind, c.amount])).toEqual([
    ['cloud', 1],
    ['cloud', 1],
  ]);
});
