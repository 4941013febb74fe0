import type { Page } from '@playwright/test';
import matter from 'gray-matter';
import { marked, type Token, type Tokens } from 'marked';
import { expect, test } from './fixtures';
import { openAnalyzed } from './support/analysis';
import { auditPanelFrame, nodesPassed, violationLines } from './support/axe';
import { openExtensionPage } from './support/extension-pages';
import { download } from './support/library';
import { notesList, selectOverCues } from './support/notes';
import { allowClipboard, openTab, panelOf, waitForCues } from './support/panel';
import { driveVideo, waitForMedia } from './support/video';

/** A Markdown file's headings and list items, each with the links it holds, as a real parser reads them. */
function readMarkdown(markdown: string) {
  const file = matter(markdown);
  const tokens = marked.lexer(file.content);
  const hrefs = (t: Token): string[] => [
    ...(t.type === 'link' ? [(t as Tokens.Link).href] : []),
    ...('tokens' in t && Array.isArray(t.tokens) ? t.tokens.flatMap(hrefs) : []),
  ];
  const headings = tokens.filter((t): t is Tokens.Heading => t.type === 'heading');
  const items = tokens
    .filter((t): t is Tokens.List => t.type === 'list')
    .flatMap((list) => list.items.map((item) => ({ text: item.text, hrefs: item.tokens.flatMap(hrefs) })));
  return { data: file.data, headings, items };
}

async function openNotes(page: Page): Promise<void> {
  await panelOf(page).getByRole('tab', { name: 'Notes' }).click();
  await expect(notesList(page)).toBeVisible();
}

/** Asks the analyzed video a question in the Ask tab (1 AI Unit, on the local service) and returns its card. */
async function ask(page: Page, question: string) {
  const panel = panelOf(page);
  await openTab(page, 'Ask');
  const box = panel.getByRole('textbox', { name: 'Question' });
  await box.fill(question);
  await box.press('Enter');
  const card = panel.getByRole('list', { name: 'Questions and answers' }).locator(':scope > li');
  await expect(card.filter({ hasText: question })).toBeVisible();
  return card.filter({ hasText: question });
}

test('words highlighted over two cues, a note while the video plays, one on the highlight and one on a citation are kept across a reload and a cleared cache', async ({
  configured,
  openVideo,
  context,
  extensionId,
}) => {
  const { page, panel } = await openAnalyzed(configured, openVideo, 'tvaHuman001');
  await openTab(page, 'Transcript');
  await waitForCues(page);
  await waitForMedia(page);

  // "Welcome to this introduction…" into "If you remember one thing…": the end of one cue and the start of the next.
  await selectOverCues(page, 'Welcome to '.length, 'If you remember'.length);
  await panel.getByRole('button', { name: 'Highlight', exact: true }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Highlight kept' })).toBeVisible();
  await expect(panel.locator('[data-cue="0"] mark.tl-kept')).toHaveText(/^this introduction/);
  await expect(panel.locator('[data-cue="1"] mark.tl-kept')).toHaveText('If you remember');

  // Alt+N while the video plays: a note at the moment playing, in the Notes tab.
  await driveVideo(page, { time: 20, play: true });
  await panel.getByRole('button', { name: 'Highlight', exact: true }).press('Alt+n');
  const field = panel.getByRole('textbox', { name: /^New note at 0:2\d$/ });
  await field.fill('Clusters, while it plays\nسطر ثانٍ 🧠');
  await field.press('Control+Enter');
  await expect(notesList(page).getByRole('listitem')).toHaveCount(2);
  await driveVideo(page, { play: false });

  // A note on the highlight.
  const highlight = notesList(page).getByRole('listitem').filter({ hasText: 'If you remember' });
  await highlight.getByRole('button', { name: 'Add note' }).click();
  await panel.getByRole('textbox', { name: 'New note at 0:00' }).fill('Why the introduction matters');
  await panel.getByRole('button', { name: 'Save note' }).click();
  await expect(notesList(page).getByRole('listitem')).toHaveCount(3);

  // A note on an answer's citation, written where the citation is shown (N on its time opens it too).
  const card = await ask(page, 'What does the speaker say about latency?');
  const citation = card.getByRole('list', { name: 'Citations' }).getByRole('listitem').filter({ hasText: /^0:56/ });
  await citation.getByRole('button', { name: '0:56', exact: true }).press('n');
  const onCitation = panel.getByRole('textbox', { name: 'New note at 0:56' });
  await onCitation.fill('The chart backs the latency claim');
  await onCitation.press('Control+Enter');
  await expect(citation.getByRole('status')).toHaveText('Note kept (Notes tab).');

  const expectAll = async (shown: Page) => {
    await openNotes(shown);
    const items = notesList(shown).getByRole('listitem');
    await expect(items).toHaveCount(4);
    await expect(items.nth(0)).toContainText('this introduction');
    await expect(items.nth(1)).toContainText('Why the introduction matters');
    await expect(items.nth(1)).toContainText('If you remember');
    await expect(items.nth(2)).toContainText('Clusters, while it plays');
    await expect(items.nth(2)).toContainText('سطر ثانٍ 🧠');
    await expect(items.nth(3)).toContainText('The chart backs the latency claim');
    await expect(items.nth(3)).toContainText('On the citation 0:56 · What does the speaker say about latency?');
  };

  await page.reload();
  await waitForCues(page);
  await expect(panelOf(page).locator('mark.tl-kept')).toHaveCount(2);
  await expectAll(page);
  // The Notes tab with its four items and its exports, audited as panel-a11y.spec.ts audits the panel.
  const audit = await auditPanelFrame(page, ['landmark-one-main', 'page-has-heading-one']);
  expect(violationLines(audit.violations)).toEqual([]);
  expect(nodesPassed(audit)).toBeGreaterThan(10);
  // Activating an item seeks the video like a cue.
  await notesList(page)
    .getByRole('button', { name: /^0:2\d Note Clusters/ })
    .click();
  await expect
    .poll(() => page.evaluate(() => document.querySelector<HTMLVideoElement>('video')?.currentTime ?? 0))
    .toBeGreaterThanOrEqual(20);

  // The notes as Markdown, read by a real parser: under the analysis' chapters, each linking its moment (the
  // button is offered once the chapters are known; the click waits for it).
  const link = (t: string) => `https://www.youtube.com/watch?v=tvaHuman001&t=${t}s`;
  const file = await download(page, () =>
    panelOf(page).getByRole('button', { name: 'Download notes as Markdown' }).click(),
  );
  expect(file.name).toMatch(/\[tvaHuman001\]\.notes\.md$/);
  const saved = readMarkdown(file.bytes.toString('utf8'));
  expect(saved.data).toMatchObject({ url: 'https://www.youtube.com/watch?v=tvaHuman001' });
  expect(saved.headings.map((h) => [h.depth, h.text])).toContainEqual([2, 'Highlights and notes']);
  // Each chapter's heading links its start.
  const chapterLinks = saved.headings
    .filter((h) => h.depth === 3)
    .flatMap((h) => h.tokens.flatMap((t) => (t.type === 'link' ? [(t as Tokens.Link).href] : [])));
  expect(chapterLinks.length).toBeGreaterThan(0);
  for (const href of chapterLinks) expect(href).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=tvaHuman001&t=\d+s$/);
  // The highlight and its note are at the first cue, inside the first second (links round up, like the transcript's).
  expect(saved.items.map((i) => i.hrefs)).toEqual([
    [link('1')],
    [link('1')],
    [expect.stringMatching(/&t=(2\d|30)s$/)],
    [expect.stringMatching(/&t=5[67]s$/)],
  ]);
  expect(saved.items[3]?.text).toContain('The chart backs the latency claim');
  // The same, copied: what a person pastes into their notes app.
  await allowClipboard(context);
  await panelOf(page).getByRole('button', { name: 'Copy as Markdown' }).click();
  await expect(panelOf(page).getByText('Notes copied as Markdown.')).toBeVisible();
  const copied = readMarkdown(await page.evaluate(() => navigator.clipboard.readText()));
  expect(copied.items.map((i) => i.hrefs)).toEqual(saved.items.map((i) => i.hrefs));
  // The Transcript tab's Markdown download carries them too, before its cues (under a heading of their own).
  await panelOf(page).getByRole('tab', { name: 'Transcript' }).click();
  const whole = await download(page, async () => {
    await panelOf(page).getByRole('button', { name: 'Download' }).click();
    await panelOf(page).getByRole('menuitem', { name: 'Markdown' }).click();
  });
  const transcript = readMarkdown(whole.bytes.toString('utf8'));
  expect(transcript.headings.map((h) => h.text).slice(1)).toEqual(['Highlights and notes', 'Transcript']);
  expect(transcript.items.map((i) => i.hrefs)).toEqual(saved.items.map((i) => i.hrefs));

  // Clearing the saved transcripts never deletes a note.
  const options = await openExtensionPage(context, extensionId, 'options');
  await options.getByRole('button', { name: /^Clear cached transcripts/ }).click();
  await expect(options.getByRole('status').filter({ hasText: /removed|Removed/ })).toBeVisible();
  await page.reload();
  await expectAll(page);
});
