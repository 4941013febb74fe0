import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Worker } from '@playwright/test';
import { expect, test } from './fixtures';
import { EXTENSION_DIR, PRODUCTION_DIR } from './support/build';
import { settledLedger } from './support/money';
import { loadButton, panelOf, waitForArmed, waitForCues } from './support/panel';

const COMMAND = 'toggle-panel';

/**
 * The keyboard command as Chromium delivers it: its own commands.onCommand event, fired with the command's name
 * and the browser's Tab of the focused window's active tab, reaches the listener the background registered.
 * (Chromium does not hand keys that a test sends to a page to extension commands.) The test then waits for what
 * the command does.
 */
async function press(worker: Worker): Promise<void> {
  await worker.evaluate(async (command) => {
    const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    if (tab?.id === undefined) throw new Error('no active tab');
    chrome.commands.onCommand.dispatch(command, tab);
  }, COMMAND);
}

const commandsOf = (dir: string): unknown => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).commands;

test('the store build declares the command, and Chromium gives it its key', async ({ serviceWorker }) => {
  // The description is the catalogue's (locales/<tag>/manifest.json): Chromium shows it in the browser's language.
  const declared = {
    [COMMAND]: { suggested_key: { default: 'Alt+Shift+L' }, description: '__MSG_commandTogglePanel__' },
  };
  expect(commandsOf(PRODUCTION_DIR)).toEqual(declared);
  expect(commandsOf(EXTENSION_DIR)).toEqual(declared);
  // A suggested key Chromium already uses for itself (Alt+Shift+T) is left out: the command then has none.
  const registered = await serviceWorker.evaluate(() => chrome.commands.getAll());
  expect(registered.filter((c) => c.name === COMMAND)).toEqual([
    { name: COMMAND, shortcut: 'Alt+Shift+L', description: 'Show or hide the Transcript Lens panel' },
  ]);
});

test('the keyboard command collapses and expands the panel of the active tab, and only that one', async ({
  configured,
  openVideo,
  serviceWorker,
}) => {
  expect(configured.url).toContain('127.0.0.1');
  const behind = await openVideo('tvaAutoGen1');
  await expect(loadButton(behind)).toBeVisible();
  const page = await openVideo('tvaHuman001');
  await waitForCues(page);
  await page.bringToFront();
  await press(serviceWorker);
  await expect(panelOf(page).getByRole('tab', { name: 'Transcript' })).toHaveCount(0);
  await expect(panelOf(page).getByRole('button', { name: 'Expand Transcript Lens' })).toBeVisible();
  await expect(panelOf(behind).getByRole('tab', { name: 'Transcript' })).toBeVisible();
  await press(serviceWorker);
  await expect(panelOf(page).getByRole('tab', { name: 'Transcript' })).toBeVisible();
});

test('the keyboard command is an act: on a video not saved yet it brings "Load transcript" to Enter', async ({
  configured,
  openVideo,
  serviceWorker,
}) => {
  const page = await openVideo('tvaAutoGen1');
  await page.bringToFront();
  await expect(loadButton(page)).toBeVisible();
  await press(serviceWorker);
  await expect(panelOf(page).getByRole('button', { name: 'Expand Transcript Lens' })).toBeVisible();
  await press(serviceWorker); // expand: the load button takes focus
  await expect(loadButton(page)).toBeFocused();
  expect((await settledLedger(configured, { path: 'sent' })).charges).toEqual([]);
  await waitForArmed(page); // a key in the frame spends only once it has been seen whole for a moment
  await page.keyboard.press('Enter');
  await waitForCues(page);
  expect((await settledLedger(configured, { path: 'sent' })).charges.map((c) => c.videoId)).toEqual(['tvaAutoGen1']);
});
