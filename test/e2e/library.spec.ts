import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import matter from 'gray-matter';
import { marked, type Tokens } from 'marked';
import type { LibraryFile } from '../../utils/library/file';
import { seed } from '../bench/library';
import { generateLibrary } from '../bench/library-data';
import { expect, test } from './fixtures';
import { openAnalyzed, readyStatus } from './support/analysis';
import { ROOT } from './support/build';
import { requestsTo, serviceSegments } from './support/direct';
import {
  chooseImport,
  download,
  importFile,
  importPreview,
  openLibrary,
  results,
  row,
  rows,
  searchBox,
} from './support/library';
import { settledLedger } from './support/money';
import { openTab, panelOf, waitForCues } from './support/panel';
import type { TestService } from './support/service';
import { waitForMedia } from './support/video';

const ANALYZED = 'tvaHuman001';
const SPANISH = 'tvaSpanish1';
const QUESTION = 'What does the speaker say about latency?';

/** A real session in the panel: two transcripts loaded, one video analyzed, one question asked. */
async function session(configured: TestService, openVideo: (id: string) => Promise<Page>): Promise<void> {
  const spanish = await openVideo(SPANISH);
  await waitForCues(spanish);
  await spanish.close();
  const { page, panel } = await openAnalyzed(configured, openVideo, ANALYZED);
  await openTab(page, 'Ask');
  const box = panel.getByRole('textbox', { name: 'Question' });
  await box.fill(QUESTION);
  await box.press('Enter');
  await expect(panel.getByText('the speaker says').first()).toBeVisible();
  await page.close();
}

/** What the extension (demo-pro) asked the service, once it is quiet; the test's own reads are not counted. */
const serviceCalls = async (service: TestService) =>
  (await settledLedger(service, { path: 'sent' })).requests.filter((r) => r.token === 'demo-pro' && !r.direct).length;

async function openedFrom(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const opened = context.waitForEvent('page');
  await click();
  const page = await opened;
  await page.waitForLoadState('domcontentloaded');
  return page;
}

test('after a session the library lists and searches everything, and a result opens the video at its moment', async ({
  configured,
  openVideo,
  context,
  extensionId,
}) => {
  await session(configured, openVideo);
  const before = await serviceCalls(configured);
  const library = await openLibrary(context, extensionId);

  await expect(rows(library)).toHaveCount(2);
  // Newest first: the analyzed video was saved last.
  await expect(rows(library).first()).toHaveAttribute('data-video-id', ANALYZED);
  const analyzed = row(library, ANALYZED);
  await expect(analyzed).toContainText('Distributed Systems: An Introduction');
  await expect(analyzed).toContainText('TVA Demo');
  await expect(analyzed).toContainText('English, human captions');
  await expect(analyzed).toContainText('Analysis (Smart)');
  await expect(analyzed).toContainText('1 question');
  await expect(analyzed).toContainText(/\d+ KB/);
  await expect(row(library, SPANISH)).toContainText('Spanish, human captions');
  await expect(row(library, SPANISH)).not.toContainText('Analysis');

  // Filters: has analysis leaves one; a language leaves the other.
  await library.getByLabel('Has analysis').check();
  await expect(rows(library)).toHaveCount(1);
  await library.getByLabel('Has analysis').uncheck();
  await library.getByLabel('Language').selectOption({ label: 'Spanish' });
  await expect(rows(library)).toHaveCount(1);
  await expect(rows(library).first()).toHaveAttribute('data-video-id', SPANISH);
  await library.getByLabel('Language').selectOption({ label: 'Any language' });

  // Accents fold: "como" finds "cómo" in the Spanish transcript, highlighted, at the cue that says it.
  await searchBox(library).fill('como');
  const first = results(library).first();
  await expect(first).toHaveAccessibleName(/^\d+:\d\d Transcript Cocina mediterránea en casa/);
  await expect(first.locator('mark').first()).toHaveText(/^cómo$/i);
  const time = (await first.locator('.hit-time').textContent()) ?? '';
  const [m, s] = time.split(':').map(Number);
  const at = (m ?? 0) * 60 + (s ?? 0);
  const cues = await serviceSegments(configured, SPANISH, 'es');
  const cue = cues.find((c) => Math.floor(c.start) === at && /cómo/i.test(c.text));
  expect(cue).toBeDefined();
  // The link's second is the cue's start rounded up: the video opens inside that cue, not on the one before.
  const linkAt = Math.ceil(cue?.start ?? Number.NaN);

  const video = await openedFrom(context, () => first.click());
  expect(video.url()).toBe(`https://www.youtube.com/watch?v=${SPANISH}&t=${linkAt}s#transcript-lens=transcript`);
  await waitForMedia(video);
  await expect
    .poll(() => video.evaluate(() => document.querySelector('video')?.currentTime ?? -1))
    .toBeCloseTo(linkAt, 0);
  await expect(panelOf(video).getByRole('tab', { name: 'Transcript' })).toHaveAttribute('aria-selected', 'true');
  await expect(panelOf(video).locator('button.tl-cue[aria-current="true"]')).toHaveAccessibleName(
    new RegExp(`^${time} `),
  );
  await video.close();

  // A typo and a prefix still find the answer; it opens on the Ask tab.
  await searchBox(library).fill('speker lat');
  const answer = results(library).filter({ hasText: 'Answer' }).first();
  await expect(answer).toBeVisible();
  await expect(answer).toContainText('Distributed Systems: An Introduction');
  const asked = await openedFrom(context, () => answer.click());
  expect(asked.url()).toMatch(
    new RegExp(`^https://www\\.youtube\\.com/watch\\?v=${ANALYZED}(&t=\\d+s)?#transcript-lens=ask$`),
  );
  await expect(panelOf(asked).getByRole('tab', { name: 'Ask' })).toHaveAttribute('aria-selected', 'true');
  await expect(panelOf(asked).getByText(QUESTION)).toBeVisible();
  await asked.close();

  await searchBox(library).fill('zzzzqqq');
  await expect(library.getByText('Nothing found.')).toBeVisible();
  // Listing, searching and opening what is held asked the service for nothing.
  expect(await serviceCalls(configured)).toBe(before);
});

test('notes out, and export → remove → import restores everything without asking the service', async ({
  configured,
  openVideo,
  context,
  extensionId,
}) => {
  await session(configured, openVideo);
  const library = await openLibrary(context, extensionId);
  await expect(rows(library)).toHaveCount(2);

  // One note per video, read the way note apps read them.
  const zip = await download(library, () => library.getByRole('button', { name: 'Export notes' }).click());
  expect(zip.name).toMatch(/^Transcript Lens notes \d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(zip.bytes));
  const name = Object.keys(files).find((n) => n.includes(ANALYZED)) ?? '';
  expect(Object.keys(files)).toHaveLength(2);
  const note = matter(strFromU8(files[name] ?? new Uint8Array()));
  expect(note.data).toMatchObject({
    title: 'Distributed Systems: An Introduction',
    url: `https://www.youtube.com/watch?v=${ANALYZED}`,
    channel: 'TVA Demo',
    language: 'en',
    analysis: 'Smart',
    tags: expect.arrayContaining(['youtube', 'analyzed', 'questions']),
  });
  expect(note.data.saved).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect('published' in note.data).toBe(true);
  const tokens = marked.lexer(note.content);
  const headings = tokens.filter((t): t is Tokens.Heading => t.type === 'heading').map((h) => h.text);
  expect(headings).toEqual(
    expect.arrayContaining(['Summary', 'Chapters', 'Key points', 'Questions', QUESTION, 'Transcript']),
  );
  const html = await marked.parse(note.content);
  expect(html).toMatch(new RegExp(`href="https://www\\.youtube\\.com/watch\\?v=${ANALYZED}&amp;t=\\d+s"`));

  // An export shows how far it is and can be cancelled: nothing is saved. The page's asks for the videos are
  // held until the test lets them go, so the export is still running when Cancel is pressed, on any machine.
  await library.evaluate(() => {
    const runtime = chrome.runtime;
    const send = runtime.sendMessage;
    const held = new Promise<void>((resolve) => Reflect.set(window, '__letExportGo', resolve));
    const asks: unknown[] = [];
    Reflect.set(window, '__exportAsks', asks);
    Reflect.set(runtime, 'sendMessage', async (...args: unknown[]) => {
      const message: unknown = args[0];
      const type = typeof message === 'object' && message !== null ? Reflect.get(message, 'type') : null;
      // The text by message (`library.exportText`) or, in Chromium, a Blob the worker posts (`library.exportPart`).
      if (type === 'library.exportText' || type === 'library.exportPart') {
        asks.push(type);
        await held;
      }
      return Reflect.apply(send, runtime, args);
    });
  });
  let downloads = 0;
  library.on('download', () => downloads++);
  await library.getByRole('button', { name: 'Export JSON' }).click();
  const progress = library.getByRole('region', { name: 'Export progress' });
  await expect(progress).toContainText('Exporting 0 of 2 videos…');
  await progress.getByRole('button', { name: 'Cancel' }).click();
  await library.evaluate(() => (Reflect.get(window, '__letExportGo') as () => void)());
  await expect(library.getByRole('status').filter({ hasText: 'Export cancelled: nothing was saved.' })).toBeVisible();
  await expect(progress).toHaveCount(0);
  expect(downloads).toBe(0);

  // Export everything as JSON, remove everything, import the file back.
  const json = await download(library, () => library.getByRole('button', { name: 'Export JSON' }).click());
  // Chromium's page took the parts as Blobs the worker posted, never their text by message.
  const asks = await library.evaluate(() => Reflect.get(window, '__exportAsks') as unknown[]);
  expect(asks).toContain('library.exportPart');
  expect(asks).not.toContain('library.exportText');
  await library.getByLabel('Select all shown').check();
  await library.getByRole('button', { name: 'Remove selected' }).click();
  const dialog = library.getByRole('alertdialog');
  await expect(dialog).toContainText('1 Cloud Request for the transcript');
  await expect(dialog).toContainText(/up to \d+ AI Units for the Smart analysis/);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(library.getByRole('status').filter({ hasText: 'Removed 2 videos.' })).toBeVisible();
  await expect(rows(library)).toHaveCount(0);

  const before = await serviceCalls(configured);
  await importFile(library, json.name, json.bytes);
  await expect(
    library.getByRole('status').filter({ hasText: 'Imported 2 videos: 2 transcripts, 1 analysis, 1 answer.' }),
  ).toBeVisible();
  await expect(rows(library)).toHaveCount(2);
  await expect(row(library, ANALYZED)).toContainText('Analysis (Smart)');
  await searchBox(library).fill('speaker');
  await expect(results(library).filter({ hasText: 'Answer' }).first()).toBeVisible();

  // The panel finds it all again where it was: transcript, analysis and answer, for free.
  const page = await openVideo(ANALYZED);
  await waitForCues(page);
  await openTab(page, 'Analysis');
  await expect(panelOf(page).getByRole('heading', { name: 'Summary' })).toBeVisible();
  // A file's job id is never taken for this account's: it reads as imported until analyzed again here.
  await expect(readyStatus(panelOf(page))).toContainText('imported from a library file');
  await openTab(page, 'Ask');
  await expect(panelOf(page).getByText(QUESTION)).toBeVisible();
  expect(await serviceCalls(configured)).toBe(before);
});

test('an import keeps the analysis and answers held here, and the file’s job ids are never polled or asked', async ({
  configured,
  openVideo,
  context,
  extensionId,
}) => {
  await session(configured, openVideo);
  const library = await openLibrary(context, extensionId);
  await expect(rows(library)).toHaveCount(2);
  const exported = await download(library, () => library.getByRole('button', { name: 'Export JSON' }).click());

  // The same videos as another browser (another account) holds them: other job ids, other words.
  const file = JSON.parse(exported.bytes.toString('utf8')) as LibraryFile;
  const [analyzed, spanish] = [ANALYZED, SPANISH].map((id) => file.videos.find((v) => v.videoId === id));
  if (!analyzed?.analysis || !analyzed.transcripts[0] || !spanish) throw new Error('the export lacks a video');
  const track = analyzed.transcripts[0];
  analyzed.transcripts = [
    { ...track, segments: track.segments.map((c) => ({ ...c, text: 'A cue from the file' })) },
    { ...track, languageCode: 'de', language: 'German' },
  ];
  analyzed.analysis = { ...analyzed.analysis, jobId: 987_654, artifact: { summary: 'A summary from the file.' } };
  analyzed.answers = [
    { question: QUESTION.toUpperCase(), askedAt: 1, answer: { answer: 'An answer from the file.' } },
    { question: 'What comes after the introduction?', askedAt: 2, answer: { answer: 'The file says: chapters.' } },
  ];
  spanish.analysis = { ...analyzed.analysis, jobId: 987_655, artifact: { summary: 'Resumen del archivo.' } };
  spanish.answers = [{ question: '¿De qué trata?', askedAt: 3, answer: { answer: 'De cocina.' } }];

  const before = (await settledLedger(configured, { path: 'sent' })).charges.length;
  const preview = await chooseImport(library, 'other-browser.json', Buffer.from(JSON.stringify(file)));
  await expect(preview.getByRole('listitem')).toHaveText([
    'Adds 1 transcript, 1 analysis, 2 answers.',
    'Keeps what you already have: 2 transcripts, 1 analysis (not replaced), 1 answer.',
  ]);
  await preview.getByRole('button', { name: 'Import' }).click();
  await expect(library.getByRole('status')).toHaveText(
    'Imported 2 videos: 1 transcript, 1 analysis, 2 answers. Kept what was already here: 2 transcripts, 1 analysis, 1 answer.',
  );
  await expect(row(library, ANALYZED)).toContainText('2 questions');

  // The analysis, its answer and the transcript bought here are as they were; the file's new answer joined them.
  const page = await openVideo(ANALYZED);
  const panel = panelOf(page);
  await waitForCues(page);
  await expect(panel.getByText('A cue from the file')).toHaveCount(0);
  await openTab(page, 'Analysis');
  await expect(readyStatus(panel)).not.toContainText('imported');
  await expect(panel.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(panel.getByText('A summary from the file.')).toHaveCount(0);
  await openTab(page, 'Ask');
  await expect(panel.getByText('the speaker says').first()).toBeVisible();
  await expect(panel.getByText('An answer from the file.')).toHaveCount(0);
  await expect(panel.getByText('The file says: chapters.')).toBeVisible();
  // A new question goes to this account's own job.
  const box = panel.getByRole('textbox', { name: 'Question' });
  await box.fill('What does the speaker say about throughput?');
  await box.press('Enter');
  await expect(panel.getByText('What does the speaker say about throughput?')).toBeVisible();
  await expect.poll(async () => (await configured.ledger()).charges.length).toBe(before + 1);
  await page.close();

  // The Spanish video's analysis came only from the file: shown, not askable, priced in full.
  const other = await openVideo(SPANISH);
  const otherPanel = panelOf(other);
  await waitForCues(other);
  await openTab(other, 'Analysis');
  await expect(readyStatus(otherPanel)).toContainText('imported from a library file');
  await expect(otherPanel.getByText('Resumen del archivo.')).toBeVisible();
  await expect(otherPanel.getByText(/^≈ \d+ AI Units/)).toBeVisible();
  await openTab(other, 'Ask');
  await expect(otherPanel.getByText(/^This analysis came from a library file\. Asking needs/)).toBeVisible();
  await expect(otherPanel.getByText('De cocina.')).toBeVisible();
  await expect(otherPanel.getByRole('button', { name: 'Ask' })).toBeDisabled();

  const ledger = await settledLedger(configured, { path: 'sent' });
  expect(requestsTo(ledger, /\/98765[45](\/|$)/)).toEqual([]);
  expect(ledger.charges).toHaveLength(before + 1);
});

for (const choice of ['Import', 'Cancel'] as const) {
  test(`after an import preview over a ready analysis (${choice}), the Analysis tab opens on the analysis paid for`, async ({
    configured,
    openVideo,
    context,
    extensionId,
  }) => {
    const { page, panel } = await openAnalyzed(configured, openVideo, ANALYZED);
    const ownSection = panel.locator('.tl-artifact .tl-section').first();
    await expect(ownSection.getByRole('heading', { name: 'Summary' })).toBeVisible();
    const ownSummary = (await ownSection.innerText()).trim();
    await openTab(page, 'Ask');
    const box = panel.getByRole('textbox', { name: 'Question' });
    await box.fill(QUESTION);
    await box.press('Enter');
    await expect(panel.getByText('the speaker says').first()).toBeVisible();

    const library = await openLibrary(context, extensionId);
    await expect(rows(library)).toHaveCount(1);
    const exported = await download(library, () => library.getByRole('button', { name: 'Export JSON' }).click());
    // The same video as the file says it: another summary, another job id, and one question more (so the
    // preview has something to add and its Import can be pressed).
    const file = JSON.parse(exported.bytes.toString('utf8')) as LibraryFile;
    const video = file.videos.find((v) => v.videoId === ANALYZED);
    if (!video?.analysis) throw new Error('the export lacks the analysis');
    video.analysis = { ...video.analysis, jobId: 987_654, artifact: { summary: 'A summary from the file.' } };
    video.answers.push({ question: 'What comes next?', askedAt: 2, answer: { answer: 'The file says: chapters.' } });
    const before = await serviceCalls(configured);

    const preview = await chooseImport(library, 'altered.json', Buffer.from(JSON.stringify(file)));
    await expect(preview.getByRole('listitem')).toHaveText([
      'Adds 1 answer.',
      'Keeps what you already have: 1 transcript, 1 analysis (not replaced), 1 answer.',
    ]);
    await preview.getByRole('button', { name: choice }).click();
    await expect(preview).toBeHidden();

    // On the page already open, and on a fresh one: the tab takes the click and shows the analysis bought here.
    for (const shown of [page, await openVideo(ANALYZED)]) {
      const p = panelOf(shown);
      await openTab(shown, 'Transcript');
      await openTab(shown, 'Analysis');
      await expect(p.getByRole('tab', { name: 'Analysis' })).toHaveAttribute('aria-selected', 'true');
      await expect(readyStatus(p)).toBeVisible();
      await expect(readyStatus(p)).not.toContainText('imported');
      await expect(p.getByRole('heading', { name: 'Summary' })).toBeVisible();
      await expect(p.getByText('A summary from the file.')).toHaveCount(0);
      expect((await p.locator('.tl-artifact .tl-section').first().innerText()).trim()).toBe(ownSummary);
      await openTab(shown, 'Ask');
      await expect(p.getByText('the speaker says').first()).toBeVisible();
      await expect(p.getByText('The file says: chapters.')).toHaveCount(choice === 'Import' ? 1 : 0);
    }
    expect(await serviceCalls(configured)).toBe(before);
  });
}

test('corrupt or hostile files are refused with a sentence and nothing is imported', async ({
  configured,
  context,
  extensionId,
}, testInfo) => {
  const library = await openLibrary(context, extensionId);
  await expect(library.getByText('Nothing is held yet.')).toBeVisible();
  const alert = library.getByRole('alert');
  const refuse = async (name: string, content: string | Buffer, sentence: string | RegExp) => {
    // Playwright hands over buffers up to 50 MB only: a larger file goes through the disk, as a person's would.
    const path = testInfo.outputPath(name);
    await writeFile(path, content);
    await library.getByLabel('Library file to import').setInputFiles(path);
    await expect(alert).toHaveText(sentence);
    await expect(rows(library)).toHaveCount(0);
  };
  const track = {
    languageCode: 'en',
    language: 'English',
    isGenerated: false,
    title: 'ok',
    author: null,
    text: 'hello there',
    fetchedAt: 1,
    segments: [{ text: 'hello there', start: 0, duration: 2 }],
  };
  const video = {
    videoId: 'tvaHuman001',
    title: 'ok',
    channel: null,
    transcripts: [track],
    analysis: null,
    answers: [],
  };
  const file = (videos: unknown[]) =>
    JSON.stringify({ format: 'transcript-lens-library', version: 1, exportedAt: 'x', videos });

  await refuse(
    'notes.json',
    'not json at all',
    'This file is not JSON, so it is not a library export. Nothing was imported.',
  );
  await refuse(
    'other.json',
    '{"hello":"world"}',
    'This file is not a Transcript Lens library export (JSON). Nothing was imported.',
  );
  await refuse(
    'huge.json',
    file([{ ...video, title: 'x'.repeat(1_000_000) }]),
    'This library file cannot be imported: video 1, title has more than 500 characters. Nothing was imported.',
  );
  // One bad video among good ones: none of them is imported.
  await refuse(
    'half.json',
    file([video, { ...video, videoId: 'tvaSpanish1', transcripts: [{ nope: true }] }]),
    /^This library file cannot be imported: video 2, transcript 1, /,
  );
  // Read as a stream, a file has no size cap: one that does not start as JSON is refused at its first byte.
  await refuse(
    'big.json',
    Buffer.alloc(60 * 1024 * 1024, 'x'),
    'This file is not JSON, so it is not a library export. Nothing was imported.',
  );

  // HTML in a title is a title: shown as text, never as markup.
  const html = '<img src=x onerror="window.__owned=1"><b>bold</b>';
  await importFile(
    library,
    'html.json',
    Buffer.from(file([{ ...video, transcripts: [{ ...track, title: html }], title: html }])),
  );
  await expect(rows(library)).toHaveCount(1);
  await expect(row(library, 'tvaHuman001').getByRole('link', { name: html })).toBeVisible();
  expect(await library.locator('.videos img, .videos b').count()).toBe(0);
  expect(await library.evaluate(() => Reflect.has(window, '__owned'))).toBe(false);
  expect(requestsTo(await settledLedger(configured, { path: 'sent' }), /^\/api\//)).toEqual([]);
});

test('keyboard, light and dark without serious axe findings, and the panel header opens it', async ({
  configured,
  openVideo,
  context,
  extensionId,
}, testInfo) => {
  // Held without buying anything: three videos come in through an import.
  const seeded = (videoId: string, title: string, words: string) => ({
    videoId,
    title,
    channel: 'TVA Demo',
    transcripts: [
      {
        languageCode: 'en',
        language: 'English',
        isGenerated: true,
        title,
        author: 'TVA Demo',
        text: words,
        fetchedAt: 1_700_000_000_000,
        segments: [{ text: words, start: 12, duration: 4 }],
      },
    ],
    analysis: null,
    answers: [],
  });
  const path = testInfo.outputPath('seed.json');
  await writeFile(
    path,
    JSON.stringify({
      format: 'transcript-lens-library',
      version: 1,
      exportedAt: 'x',
      videos: [
        seeded('tvaHuman001', 'First', 'alpha words here'),
        seeded('tvaAutoGen1', 'Second', 'beta words there'),
        seeded('tvaSpanish1', 'Third', 'gamma words'),
      ],
    }),
  );
  const library = await openLibrary(context, extensionId);
  await library.getByLabel('Library file to import').setInputFiles(path);
  // Nothing is written until the preview's "Import".
  await expect(importPreview(library)).toContainText('Adds 3 transcripts.');
  await expect(rows(library)).toHaveCount(0);
  await importPreview(library).getByRole('button', { name: 'Import' }).click();
  await expect(rows(library)).toHaveCount(3);
  // The date is when it was bought (in the file), not when it was imported.
  await expect(rows(library).first()).toContainText('TVA Demo · 2023-11-14 · English, automatic captions');

  // "/" goes to the search box; Escape leaves the search for the list again.
  await library.locator('body').click({ position: { x: 5, y: 5 } });
  await library.keyboard.press('/');
  await expect(searchBox(library)).toBeFocused();
  await library.keyboard.type('beta');
  await expect(results(library)).toHaveCount(1);
  await expect(results(library).first()).toHaveAccessibleName(/^0:12 Transcript Second/);
  await library.keyboard.press('Escape');
  await expect(rows(library)).toHaveCount(3);

  // Arrow keys move between rows.
  const firstBox = rows(library).first().getByRole('checkbox');
  await firstBox.focus();
  await library.keyboard.press('ArrowDown');
  await expect(rows(library).nth(1).getByRole('checkbox')).toBeFocused();
  await library.keyboard.press('End');
  await expect(rows(library).nth(2).getByRole('checkbox')).toBeFocused();

  for (const colorScheme of ['light', 'dark'] as const) {
    await library.emulateMedia({ colorScheme });
    await searchBox(library).fill(colorScheme === 'light' ? 'words' : '');
    const audit = await new AxeBuilder({ page: library }).analyze();
    const serious = audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    expect(serious, colorScheme).toEqual([]);
    mkdirSync(join(ROOT, 'demo-output'), { recursive: true });
    await library.screenshot({ path: join(ROOT, 'demo-output', `library-${colorScheme}.png`) });
  }
  const dark = await library.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await library.emulateMedia({ colorScheme: 'light' });
  expect(await library.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(dark);

  // The panel's header link opens the library in a new tab (through the background).
  const video = await openVideo('tvaHuman001');
  // The imported transcript is what the panel shows: free, its one cue at 0:12.
  await expect(panelOf(video).getByRole('button', { name: /^0:12 alpha words here/ })).toBeVisible();
  const opened = await openedFrom(context, () => panelOf(video).getByRole('button', { name: 'Library' }).click());
  expect(opened.url()).toBe(`chrome-extension://${extensionId}/library.html`);
  await expect(rows(opened)).toHaveCount(3);
  // Nothing was bought or fetched (the panel only learned the plan, for free).
  const ledger = await settledLedger(configured, { path: 'sent' });
  expect(ledger.charges).toEqual([]);
  expect(requestsTo(ledger, /^\/api\//)).toEqual([]);
});

test('a large library never listed is usable at once: listed, its progress shown, searched while it is indexed', async ({
  configured,
  context,
  extensionId,
}) => {
  // Seeding 18 MB and indexing it take a while on a busy two-core machine.
  test.setTimeout(300_000);
  const videos = 300;
  // Room for the videos (about 18 MB), set the way the options page sets it; then 300 saved transcripts of
  // 10–60 minutes, written straight into the cache as if each had been loaded, never listed.
  const setup = await openLibrary(context, extensionId);
  await setup.evaluate(() => chrome.runtime.sendMessage({ type: 'settings.set', patch: { cacheBudgetMb: 200 } }));
  const { transcripts, vocab } = generateLibrary(videos);
  await seed(setup, transcripts);
  await setup.close();
  const before = await serviceCalls(configured);

  const library = await openLibrary(context, extensionId);
  const progress = library.getByRole('status', { name: 'Library progress' });
  await expect(progress).toHaveText(/^(Reading|Indexing) [\d,]+ of 300 videos…/);
  // Listed and searchable while the reading and indexing go on.
  expect(await rows(library).count()).toBeGreaterThan(0);
  await expect(progress).toHaveText(/^Indexing [\d,]+ of 300 videos… Search covers the videos indexed so far\./, {
    timeout: 60_000,
  });
  const word = vocab[3] ?? 'word';
  await searchBox(library).fill(word);
  const said = library.getByRole('region', { name: 'Search results' }).getByRole('status');
  await expect(said).toHaveText(
    /^(Nothing found\.|[\d,]+ match(es)?, best first) · in the [\d,]+ videos? indexed so far/,
  );

  // Once everything is indexed the progress goes, and the same search is asked again over all of it.
  await expect(progress).toBeHidden({ timeout: 180_000 });
  await expect(said).toHaveText('100 matches, best first');
  await expect(rows(library)).toHaveCount(0);
  await searchBox(library).fill('');
  await expect(rows(library).first()).not.toContainText('Reading…');
  await expect(library.getByText(`${videos} videos held in this browser`)).toBeVisible();
  // Listing, reading, indexing and searching what is held asked the service for nothing.
  expect(await serviceCalls(configured)).toBe(before);
});
