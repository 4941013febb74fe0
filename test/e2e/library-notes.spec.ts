import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { LibraryFile } from '../../utils/library/file';
import { expect, test } from './fixtures';
import { launchTestBrowser } from './support/browser';
import { download, importFile, importPreview, openLibrary, results, row, searchBox } from './support/library';
import { serveSeekableMedia } from './support/media';
import { expectSpentNothing, settledLedger } from './support/money';
import { notesList, selectOverCues } from './support/notes';
import { panelOf, waitForCues } from './support/panel';
import { configureExtension } from './support/service';
import { waitForMedia } from './support/video';

const VIDEO = 'tvaHuman001';
const NOTE = 'Zebrafish quorum — مرحبا 🧠';

/** The Notes tab shows the highlight over two cues and the note, as written. */
async function expectBoth(page: Page): Promise<void> {
  await panelOf(page).getByRole('tab', { name: 'Notes' }).click();
  const items = notesList(page).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: 'this introduction' })).toContainText('If you remember');
  await expect(items.filter({ hasText: NOTE })).toHaveCount(1);
}

test('a highlight and a note are found through the library, exported with it, and imported whole into a fresh profile, once', async ({
  configured,
  openVideo,
  context,
  extensionId,
}) => {
  // Two profiles, an export and an import: 48 s of the default 60 under the load script.
  test.setTimeout(120_000);
  const page = await openVideo(VIDEO);
  const panel = panelOf(page);
  await waitForCues(page);
  await waitForMedia(page);
  await selectOverCues(page, 'Welcome to '.length, 'If you remember'.length);
  await panel.getByRole('button', { name: 'Highlight', exact: true }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Highlight kept' })).toBeVisible();
  await panel.getByRole('tab', { name: 'Notes' }).click();
  await panel.getByRole('button', { name: 'Add note', exact: true }).first().click();
  await panel.getByRole('textbox', { name: /^New note at / }).fill(NOTE);
  await panel.getByRole('button', { name: 'Save note' }).click();
  await expectBoth(page);

  // The library lists the video with its notes and finds the note's words, the hit opening the Notes tab.
  const library = await openLibrary(context, extensionId);
  await expect(row(library, VIDEO)).toContainText('Notes (2)');
  await library.getByLabel('Has notes').check();
  await expect(row(library, VIDEO)).toBeVisible();
  await searchBox(library).fill('zebrafish');
  await expect(results(library)).toHaveCount(1);
  await expect(results(library).first()).toHaveAttribute('data-kind', 'note');
  await expect(results(library).first()).toHaveAttribute('href', new RegExp(`v=${VIDEO}.*#transcript-lens=notes$`));
  // A highlight's words are found as a highlight (the transcript holds them too).
  await searchBox(library).fill('introduction');
  await expect(results(library).locator('xpath=self::*[@data-kind="highlight"]')).toHaveCount(1);

  // Axe on the page with notes, light and dark.
  for (const colorScheme of ['light', 'dark'] as const) {
    await library.emulateMedia({ colorScheme });
    const audit = await new AxeBuilder({ page: library }).analyze();
    const serious = audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    expect(serious, colorScheme).toEqual([]);
  }
  await searchBox(library).fill('');
  const exported = await download(library, () => library.getByRole('button', { name: 'Export JSON' }).click());
  const file = JSON.parse(exported.bytes.toString('utf8')) as LibraryFile;
  const notes = file.videos.find((v) => v.videoId === VIDEO)?.notes ?? [];
  expect(notes.map((n) => n.kind).sort()).toEqual(['highlight', 'note']);

  // A fresh profile: its own browser, the same service, nothing held.
  const fresh = await launchTestBrowser();
  try {
    await serveSeekableMedia(fresh.context);
    await configureExtension(fresh.worker, configured.url, 'demo-pro');
    const other = await openLibrary(fresh.context, fresh.extensionId);
    await importFile(other, exported.name, exported.bytes);
    await expect(row(other, VIDEO)).toContainText('Notes (2)');
    await searchBox(other).fill('zebrafish');
    await expect(results(other)).toHaveCount(1);
    await searchBox(other).fill('');

    // The same file again adds nothing.
    await other.getByLabel('Library file to import').setInputFiles({
      name: exported.name,
      mimeType: 'application/json',
      buffer: exported.bytes,
    });
    const again = importPreview(other);
    await expect(again).toContainText('Adds nothing');
    await expect(again).toContainText('2 notes and highlights');
    await expect(again.getByRole('button', { name: 'Import' })).toBeDisabled();
    await again.getByRole('button', { name: 'Cancel' }).click();

    // In the panel, from the imported transcript (nothing bought): both, the highlight drawn over its two cues.
    const before = await settledLedger(configured, { path: 'sent' });
    const shown = await fresh.context.newPage();
    await shown.goto(`https://www.youtube.com/watch?v=${VIDEO}`);
    await expect(panelOf(shown).locator('mark.tl-kept')).toHaveCount(2);
    await expectBoth(shown);
    const items = notesList(shown).getByRole('listitem');
    await expect(items.filter({ hasText: NOTE })).toHaveCount(1);
    expectSpentNothing(await settledLedger(configured, { path: 'sent' }), before);
  } finally {
    await fresh.context.close();
  }
});
