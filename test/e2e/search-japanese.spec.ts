import { expect, test } from './fixtures';
import { serviceSegments } from './support/direct';
import { openLibrary, results, searchBox } from './support/library';
import { loadTranscript, panelOf } from './support/panel';

/** The local service's Japanese video: its cues are written without spaces and name 大阪 and 図書館. */
const JAPANESE = 'tvaJapanes1';
const count = (texts: readonly string[], word: string) => texts.reduce((n, t) => n + t.split(word).length - 1, 0);

test('a Japanese transcript bought with "Load transcript": "Search transcript" marks 大阪, the library finds 図書館 at its moment', async ({
  configured,
  openVideo,
  context,
  extensionId,
}) => {
  const cues = await serviceSegments(configured, JAPANESE, 'ja');
  const osaka = count(
    cues.map((c) => c.text),
    '大阪',
  );
  expect(osaka).toBeGreaterThan(0);

  const page = await openVideo(JAPANESE);
  const panel = panelOf(page);
  await loadTranscript(page);
  await expect(panel.getByRole('button', { name: /^0:00 今日は大阪の図書館/ })).toBeVisible({ timeout: 15_000 });
  const search = panel.getByRole('searchbox', { name: 'Search transcript' });
  await search.fill('大阪');
  await expect(panel.getByText(`1 of ${osaka}`, { exact: true })).toBeVisible();
  const active = panel.locator('button.tl-cue[data-active-match="true"]');
  await expect(active).toHaveAccessibleName(/^0:00 今日は大阪の図書館/);
  await expect(active.locator('mark.tl-mark-active')).toHaveText('大阪');
  await page.close();

  // The library finds the word inside the run 今日は大阪の図書館について…, as a link named by its timestamp.
  const library = await openLibrary(context, extensionId);
  await searchBox(library).fill('図書館');
  const passage = results(library).filter({ hasText: 'Transcript' }).first();
  await expect(passage).toHaveAccessibleName(/^\d+:\d\d Transcript 大阪の新しい図書館/);
  await expect(passage.locator('mark').first()).toHaveText('図書館');
  await expect(passage).toHaveAttribute('href', new RegExp(`[?&]v=${JAPANESE}&t=\\d+s#transcript-lens=transcript$`));
  // A word that is nowhere finds nothing: the run is not matched by its kana alone.
  await searchBox(library).fill('がっこう');
  await expect(library.getByText('Nothing found.')).toBeVisible();
});
