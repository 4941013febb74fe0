import { writeFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { importPreview, openLibrary, rows } from './support/library';
import { settledLedger } from './support/money';

const VIDEOS = 600;
const idOf = (i: number) => `big${String(i).padStart(8, '0')}`;

/** A video of an hour-long transcript, about 100 kB of JSON: 600 of them make a file over 50 MB. */
function videoOf(i: number) {
  const segments = Array.from({ length: 700 }, (_, s) => ({
    text: `Cue ${s} of video ${i}: "quoted" words, é ß 日本語 🎉 and the rest of a long spoken line.`,
    start: s * 5,
    duration: 5,
  }));
  return {
    videoId: idOf(i),
    title: `Long video ${i}`,
    channel: 'Big Channel',
    transcripts: [
      {
        languageCode: 'en',
        language: 'English',
        isGenerated: true,
        title: `Long video ${i}`,
        author: 'Big Channel',
        text: segments.map((s) => s.text).join(' '),
        fetchedAt: 1_700_000_000_000,
        segments,
      },
    ],
    analysis: null,
    answers: [],
  };
}

test('a library file over 50 MB is read as a stream: previewed, then imported with its progress', async ({
  configured,
  context,
  extensionId,
}, testInfo) => {
  // Reading, checking and writing some 70 MB take a while on a busy two-core machine.
  test.setTimeout(420_000);
  const path = testInfo.outputPath('big-library.json');
  const head = '{"format":"transcript-lens-library","version":1,"exportedAt":"2026-01-01T00:00:00.000Z","videos":[';
  const videos = Array.from({ length: VIDEOS }, (_, i) => JSON.stringify(videoOf(i)));
  const text = `${head}${videos.join(',')}]}`;
  expect(Buffer.byteLength(text)).toBeGreaterThan(50 * 1024 * 1024);
  await writeFile(path, text);

  const library = await openLibrary(context, extensionId);
  // Room for what the file brings, set the way the options page sets it.
  await library.evaluate(() => chrome.runtime.sendMessage({ type: 'settings.set', patch: { cacheBudgetMb: 400 } }));
  const before = (await settledLedger(configured, { path: 'sent' })).requests.length;

  await library.getByLabel('Library file to import').setInputFiles(path);
  const bar = library.getByRole('region', { name: 'Import progress' });
  await expect(bar).toContainText(/Reading the file, \d+% · videos checked: [\d,]+/);
  const preview = importPreview(library);
  await expect(preview).toBeVisible({ timeout: 180_000 });
  await expect(preview).toContainText('600 transcripts');
  await preview.getByRole('button', { name: 'Import' }).click();
  await expect(bar).toContainText(/Importing [\d,]+ of 600 videos…/);
  await expect(library.getByRole('status').filter({ hasText: /^Imported 600 videos/ })).toBeVisible({
    timeout: 240_000,
  });
  await expect(library.getByText(`${VIDEOS} videos held in this browser`)).toBeVisible();
  expect(await rows(library).count()).toBeGreaterThan(0);
  // An import buys nothing.
  expect((await settledLedger(configured, { path: 'sent' })).requests.length).toBe(before);
});
