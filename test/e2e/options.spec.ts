import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Worker } from '@playwright/test';
import { z } from 'zod';
import { expect, test } from './fixtures';
import { ROOT } from './support/build';
import { chargesFor, requestsTo } from './support/direct';
import { openExtensionPage } from './support/extension-pages';
import { settledLedger } from './support/money';
import { waitForCues } from './support/panel';
import { configureExtension } from './support/service';

const DEFAULT_ADDRESS = 'https://www.youtube-transcript.io';

const token = (page: Page) => page.getByLabel('API token', { exact: true });
const address = (page: Page) => page.getByLabel('Service address');
const saveStatus = (page: Page) => page.locator('.actions').getByRole('status');

/** What the background reads: the settings in storage.local. */
async function storedSettings(worker: Worker): Promise<Record<string, unknown>> {
  const { settings } = await worker.evaluate(() => chrome.storage.local.get('settings'));
  return z.record(z.string(), z.unknown()).parse(settings ?? {});
}

test.describe('a first setup', () => {
  test.use({ token: null });

  test('Save stores the token and the address; both survive a reload; Test says the plan', async ({
    configured,
    context,
    extensionId,
    serviceWorker,
  }) => {
    await configureExtension(serviceWorker, DEFAULT_ADDRESS, null);
    const options = await openExtensionPage(context, extensionId, 'options');
    await expect(token(options)).toHaveAttribute('placeholder', 'Paste your API token');
    await expect(address(options)).toHaveValue(DEFAULT_ADDRESS);
    await token(options).fill('demo-pro');
    await address(options).fill(configured.url);
    await options.getByRole('button', { name: 'Save' }).click();
    await expect(saveStatus(options)).toHaveText('Saved.');

    await options.reload();
    await expect(token(options)).toHaveValue('');
    await expect(token(options)).toHaveAttribute('placeholder', 'Saved. Paste a new token to replace it.');
    await expect(options.getByText(/^A token is saved\./)).toBeVisible();
    await expect(address(options)).toHaveValue(configured.url);

    await options.getByRole('button', { name: 'Test' }).click();
    await expect(options.getByText('Connected: Pro plan · 3,500 Cloud Requests · 10,000 AI Units')).toBeVisible();
    const mcp = requestsTo(await configured.ledger(), '/mcp', 'POST');
    expect(mcp.length).toBeGreaterThan(0);
    expect(mcp.every((r) => r.token === 'demo-pro')).toBe(true);
  });
});

test('Test with a bad token shows the service’s refusal as a sentence', async ({
  configured: _,
  context,
  extensionId,
}) => {
  const options = await openExtensionPage(context, extensionId, 'options');
  await token(options).fill('nope');
  await options.getByRole('button', { name: 'Test' }).click();
  await expect(options.getByRole('alert')).toHaveText(
    'Your API token is missing or not valid. Add or fix it in the Transcript Lens options.',
  );
  await expect(options.getByText(/^Connected/)).toHaveCount(0);
});

test('an address that is not one is refused and not saved', async ({ configured, context, extensionId }) => {
  const options = await openExtensionPage(context, extensionId, 'options');
  await expect(address(options)).toHaveValue(configured.url);
  for (const bad of ['ftp://x', 'not a url']) {
    await address(options).fill(bad);
    await options.getByRole('button', { name: 'Save' }).click();
    await expect(options.getByRole('alert')).toHaveText(
      `Enter a full address starting with https://, for example ${DEFAULT_ADDRESS}.`,
    );
    await expect(address(options)).toHaveAttribute('aria-invalid', 'true');
    await expect(saveStatus(options)).toHaveText('Not saved: correct the fields marked above.');
  }
  await address(options).fill('http://example.com');
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(options.getByRole('alert')).toHaveText(
    'Use an https:// address. Plain http:// is allowed only for localhost or 127.0.0.1.',
  );
  await options.reload();
  await expect(address(options)).toHaveValue(configured.url);
});

test('a localhost address is saved without a prompt and the panel works against it', async ({
  configured,
  context,
  extensionId,
  openVideo,
  serviceWorker,
}) => {
  const local = `http://localhost:${new URL(configured.url).port}`;
  const options = await openExtensionPage(context, extensionId, 'options');
  await address(options).fill(`${local}/`);
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(saveStatus(options)).toHaveText('Saved.');
  expect((await storedSettings(serviceWorker)).serviceUrl).toBe(local);
  await options.reload();
  await expect(address(options)).toHaveValue(local);
  await expect(options.locator('code.address')).toHaveText(`${local}/mcp`);

  const video = await openVideo('tvaHuman001');
  await waitForCues(video);
  expect(chargesFor(await settledLedger(configured, { path: 'sent' }), 'tvaHuman001', 'cloud')).toHaveLength(1);
});

test('language, default mode and spending guard are saved and read back', async ({
  configured: _,
  context,
  extensionId,
  serviceWorker,
}) => {
  const options = await openExtensionPage(context, extensionId, 'options');
  const language = options.getByLabel('Transcript language');
  const mode = options.getByLabel('Default analysis mode');
  const guard = options.getByLabel('Ask before spending more than (AI Units)');
  await expect(language).toHaveValue('en');
  await expect(mode).toHaveValue('smart');
  await expect(guard).toHaveValue('50');

  await language.selectOption('es');
  await mode.selectOption('deep');
  await guard.fill('120');
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(saveStatus(options)).toHaveText('Saved.');
  expect(await storedSettings(serviceWorker)).toMatchObject({
    language: 'es',
    defaultMode: 'deep',
    spendingGuard: 120,
  });

  await options.reload();
  await expect(language).toHaveValue('es');
  await expect(mode).toHaveValue('deep');
  await expect(guard).toHaveValue('120');

  await guard.fill('1.5');
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(options.getByRole('alert')).toHaveText('Enter a whole number of AI Units from 0 to 1,000,000.');
  expect((await storedSettings(serviceWorker)).spendingGuard).toBe(120);
});

test('cache usage says what a saved transcript would cost to load again; clearing it keeps nothing, so it costs again', async ({
  configured,
  context,
  extensionId,
  openVideo,
}) => {
  const video = await openVideo('tvaHuman001');
  await waitForCues(video);
  await video.close();
  const options = await openExtensionPage(context, extensionId, 'options');
  const usage = options.locator('#cache-usage');
  await expect(usage).toHaveText(
    /^[\d.]+ MB of 50 MB used · 1 saved transcript \(loading them again would cost 1 Cloud Request\)$/,
  );
  await options.getByRole('button', { name: /^Clear cached transcripts \(1 Cloud Request to load again\)$/ }).click();
  await expect(usage).toHaveText(/^0 MB of 50 MB used · 0 saved transcripts/);
  await expect(
    options.getByText('Removed 1 saved transcript; loading them again costs 1 Cloud Request each.'),
  ).toBeVisible();

  const again = await openVideo('tvaHuman001');
  await waitForCues(again);
  const cloud = chargesFor(await settledLedger(configured, { path: 'sent' }), 'tvaHuman001', 'cloud');
  expect(cloud.map((c) => c.amount)).toEqual([1, 1]);
});

test('"Connect an AI assistant" shows the MCP address; the snippet shows the token only when asked', async ({
  configured,
  context,
  extensionId,
}) => {
  const options = await openExtensionPage(context, extensionId, 'options');
  const section = options.getByRole('region', { name: 'Connect an AI assistant' });
  await expect(section.locator('code.address')).toHaveText(`${configured.url}/mcp`);
  const snippet = section.locator('pre.snippet');
  await expect(snippet).toContainText(`"url": "${configured.url}/mcp"`);
  await expect(snippet).toContainText('"Authorization": "Basic <your API token>"');
  await expect(snippet).not.toContainText('demo-pro');

  const reveal = section.getByRole('button', { name: 'Reveal token in snippet' });
  await reveal.click();
  await expect(snippet).toContainText('"Authorization": "Basic demo-pro"');
  await expect(reveal).toHaveAttribute('aria-pressed', 'true');
  await expect(section.getByRole('status')).toHaveText('The snippet now contains your token: keep it private.');
  await reveal.click();
  await expect(snippet).toContainText('Basic <your API token>');
  await expect(snippet).not.toContainText('demo-pro');
});

test("the options page shows the version people report: the manifest's, which is package.json's", async ({
  context,
  extensionId,
}) => {
  const pkg = z.object({ version: z.string() }).parse(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')));
  const options = await openExtensionPage(context, extensionId, 'options');
  await expect(options.getByText(`Transcript Lens ${pkg.version}`, { exact: true })).toBeVisible();
});
