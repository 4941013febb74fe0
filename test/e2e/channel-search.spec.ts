import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { formatTime } from '../../utils/timecode';
import { fixtureTitle } from '../fixtures/routes';
import { expect, test } from './fixtures';
import { confirmWindow } from './support/consent';
import { serviceSegments } from './support/direct';
import { settledLedger } from './support/money';
import { hostOf, panelOf, waitForCues } from './support/panel';
import type { TestService } from './support/service';
import { setDark, waitForMedia } from './support/video';

const SAVED = 'tvaHuman001';
const TOKEN = 'demo-starter';

test.use({ token: TOKEN });

/** The channel page with its uploads listed (1 Cloud Request, as a person does it). */
async function listedChannel(openVideo: (id: string, path?: string) => Promise<Page>): Promise<Page> {
  const page = await openVideo('', '/@tvademo');
  await hostOf(page).getByRole('button', { name: 'List uploads' }).click();
  await expect(hostOf(page).getByText(/TVA Demo: 42 uploads listed/)).toBeVisible();
  return page;
}

/**
 * What this account asked the service and was charged (the test's own reads use another account), once the
 * service is quiet: nothing here is sent again by itself (a video whose search failed is searched again only
 * on the person's click).
 */
async function spent(service: TestService) {
  const ledger = await settledLedger(service, { path: 'sent' });
  return {
    requests: ledger.requests.filter((r) => r.token === TOKEN).length,
    charges: ledger.charges.filter((c) => c.token === TOKEN),
  };
}

async function openedFrom(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const opened = context.waitForEvent('page');
  await click();
  const page = await opened;
  await page.waitForLoadState('domcontentloaded');
  return page;
}

/** Serious and critical axe violations inside the panel (axe walks its open shadow root). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('transcript-lens-panel').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

const seconds = (label: string) => label.split(':').reduce((total, part) => total * 60 + Number(part), 0);

test('saved transcripts are searched for free; a result opens the video at its moment, on that cue of the Transcript tab', async ({
  configured,
  openVideo,
  context,
}) => {
  const video = await openVideo(SAVED);
  await waitForCues(video);
  await video.close();
  const page = await listedChannel(openVideo);
  const panel = hostOf(page);
  const before = await spent(configured);
  expect(before.charges).toHaveLength(2);

  await panel.getByRole('searchbox', { name: 'Search these videos' }).fill('latency');
  const results = panel.getByRole('region', { name: 'Found in saved transcripts' });
  await expect(results.getByRole('status')).toHaveText(
    /^\d+ match(es)? in 1 video, searched in 1 saved transcript \(free\)\.$/,
  );
  await expect(results.getByRole('heading', { name: fixtureTitle(SAVED) })).toBeVisible();
  const first = results.getByRole('link').first();
  await expect(first).toHaveAccessibleName(/^\d+:\d\d .*latency/i);
  await expect(first.locator('mark').first()).toHaveText(/^latency$/i);
  const label = (await first.locator('.tl-found-time').textContent()) ?? '';
  const href = (await first.getAttribute('href')) ?? '';
  const t = Number(new RegExp(`^https://www\\.youtube\\.com/watch\\?v=${SAVED}&t=(\\d+)s$`).exec(href)?.[1]);
  expect(t).toBeGreaterThanOrEqual(seconds(label));
  expect(t).toBeLessThanOrEqual(seconds(label) + 1);
  // The moment is a real cue of the video that says it.
  const cues = await serviceSegments(configured, SAVED);
  const cue = cues.find((c) => Math.floor(c.start) === seconds(label) && /latency/i.test(c.text));
  expect(cue).toBeDefined();

  // From/To narrow the free search too: only moments from 5:00 on (there are some when a late cue says it).
  const late = cues.some((c) => c.start >= 300 && /latency/i.test(c.text));
  await panel.getByRole('textbox', { name: 'From' }).fill('5:00');
  await expect
    .poll(async () => {
      const shown = (await results.locator('.tl-found-time').allTextContents()).map(seconds);
      return shown.length > 0 === late && shown.every((s) => s >= 300);
    })
    .toBe(true);

  // Searching as the person typed asked the service for nothing and cost nothing.
  expect(await spent(configured)).toEqual(before);

  await panel.getByRole('textbox', { name: 'From' }).fill('');
  await expect(results.getByRole('link').first()).toHaveAttribute('href', href);
  const opened = await openedFrom(context, () => results.getByRole('link').first().click());
  expect(opened.url()).toBe(`${href}#transcript-lens=transcript`);
  await waitForMedia(opened);
  await expect.poll(() => opened.evaluate(() => document.querySelector('video')?.currentTime ?? -1)).toBeCloseTo(t, 0);
  const openedPanel = panelOf(opened);
  await expect(openedPanel.getByRole('tab', { name: 'Transcript' })).toHaveAttribute('aria-selected', 'true');
  const current = openedPanel.locator('button.tl-cue[aria-current="true"]');
  await expect(current).toHaveAccessibleName(new RegExp(`^${label} .*latency`, 'i'));
  // The saved transcript shows at once: opening the result bought nothing.
  expect((await spent(configured)).charges).toEqual(before.charges);
});

test('unsaved videos: From/To checked, the cost shown first, synthetic clicks spend nothing, Spend in the window charges each video searched once', async ({
  configured,
  context,
  openVideo,
}) => {
  const page = await listedChannel(openVideo);
  const panel = hostOf(page);
  // Two videos that deliver, one whose lookup fails (fetch_failed: free).
  const picked = ['tvaHuman001', 'tvaAutoGen1', 'tvaFlaky001'];
  for (const id of picked) await panel.getByRole('checkbox', { name: fixtureTitle(id) }).check();
  await panel.getByRole('searchbox', { name: 'Search these videos' }).fill('latency');
  await expect(panel.getByText('None of these videos has a saved transcript yet.')).toBeVisible();
  const buy = panel.getByRole('button', { name: 'Search 3 videos on the service' });
  // The price comes first, before a range is typed.
  await expect(buy).toBeEnabled();

  const from = panel.getByRole('textbox', { name: 'From' });
  const to = panel.getByRole('textbox', { name: 'To' });
  await from.fill('5:00');
  await to.fill('1:00');
  await to.blur();
  await expect(panel.getByRole('alert')).toHaveText('To must be later than From: nothing lies between them.');
  await from.fill('1:75');
  await expect(panel.getByRole('alert')).toHaveText(
    'From “1:75” is not a time: use seconds (90), m:ss (1:30) or h:mm:ss (1:01:30).',
  );
  await expect(buy).toBeDisabled();
  await from.fill('1:00');
  await to.fill('0:05:00');
  await expect(panel.getByRole('alert')).toHaveCount(0);

  // The price, against the balance, before anything is sent.
  await expect(
    panel.getByText(
      /^3 selected videos have no saved transcript\. Searching them on the service costs 3 Cloud Requests \(1 per video\) · [\d,]+ left\.$/,
    ),
  ).toBeVisible();
  await expect(buy).toBeEnabled();
  const listed = await spent(configured);
  expect(listed.charges.map((c) => c.amount)).toEqual([1]);

  // A page script can reach the buttons of an open shadow root, but its clicks are not a person's.
  await page.evaluate(() => {
    const root = document.querySelector('transcript-lens-panel')?.shadowRoot;
    for (const button of root?.querySelectorAll<HTMLButtonElement>('button') ?? []) {
      if (!button.textContent?.includes('on the service')) continue;
      button.click();
      button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      button.focus();
      button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    }
  });
  expect((await spent(configured)).charges).toEqual(listed.charges);
  await expect(panel.getByRole('region', { name: 'Found on the service' })).toHaveCount(0);

  // Up to 3 Cloud Requests on the service: confirmed in the extension's window, with the words and the range.
  const window = await confirmWindow(context, () => buy.click());
  await expect(window.getByRole('heading', { name: 'Search these videos on the service?' })).toBeVisible();
  await expect(window.getByText(/^Search TVA Demo for “latency” between 1:00 and 5:00 in 3 videos/)).toBeVisible();
  await expect(window.getByRole('listitem')).toHaveCount(3);
  const titles = (await window.getByRole('listitem').allTextContents()).sort();
  expect(titles).toEqual(picked.map((id) => fixtureTitle(id)).sort());
  await expect(window.getByText('3 Cloud Requests, 1 per video')).toBeVisible();
  expect((await spent(configured)).charges).toEqual(listed.charges);
  await window.getByRole('button', { name: 'Spend' }).click();
  const found = panel.getByRole('region', { name: 'Found on the service' });
  await expect(found.getByRole('status')).toHaveText(
    /^Searched 3 videos on the service for “latency” between 1:00 and 5:00: \d+ match(es)?\.$/,
  );
  const human = found.locator(`[data-video-id="${SAVED}"]`);
  await expect(human.getByRole('heading', { name: fixtureTitle(SAVED) })).toBeVisible();
  const links = human.getByRole('link');
  await expect(links.first()).toBeVisible();
  for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) {
    const t = Number(/&t=(\d+)s$/.exec(href)?.[1]);
    expect(href.startsWith(`https://www.youtube.com/watch?v=${SAVED}&t=`)).toBe(true);
    expect(t).toBeGreaterThanOrEqual(55);
    expect(t).toBeLessThanOrEqual(301);
  }
  await expect(human.locator('mark').first()).toHaveText(/^latency$/i);
  await expect(found.locator('[data-video-id="tvaFlaky001"]')).toContainText(
    'The service could not fetch this transcript just now. Nothing was charged for it.',
  );
  await expect(found.locator('[data-video-id="tvaAutoGen1"]')).toBeVisible();

  // Exactly one Cloud Request per video searched; the failed lookup was free.
  const after = await spent(configured);
  const searched = after.charges.filter((c) => c.reason === 'mcp:search_transcript');
  expect(searched.map((c) => [c.videoId, c.kind, c.amount]).sort()).toEqual([
    ['tvaAutoGen1', 'cloud', 1],
    ['tvaHuman001', 'cloud', 1],
  ]);
  expect(after.charges).toHaveLength(3);
  // The next price is for what is left to buy: what was found is held, only the failed video costs again.
  await expect(
    panel.getByText(/costs 1 Cloud Request \(1 per video\) · [\d,]+ left\. 2 videos were searched for this before/),
  ).toBeVisible();

  // The form, the price and the results, read by axe in the light and the dark theme.
  expect(await seriousViolations(page)).toEqual([]);
  await setDark(page, true);
  expect(await seriousViolations(page)).toEqual([]);
});

test('"Read around this moment" in an unsaved video: priced first, bought once with get_transcript, shown as text; again, free', async ({
  configured,
  context,
  openVideo,
}) => {
  const page = await listedChannel(openVideo);
  const panel = hostOf(page);
  await panel.getByRole('checkbox', { name: fixtureTitle(SAVED) }).check();
  await panel.getByRole('searchbox', { name: 'Search these videos' }).fill('latency');
  const window = await confirmWindow(context, () =>
    panel.getByRole('button', { name: 'Search 1 video on the service' }).click(),
  );
  await window.getByRole('button', { name: 'Spend' }).click();
  const found = panel.getByRole('region', { name: 'Found on the service' });
  const moment = found.locator(`[data-video-id="${SAVED}"] .tl-found-moment`).first();
  const label = (await moment.locator('.tl-found-time').first().textContent()) ?? '';
  const at = seconds(label);
  const searched = await spent(configured);

  // The first press is free: the price of the part, a minute each side, against the balance.
  await moment.getByRole('button', { name: 'Read around this moment' }).click();
  const from = Math.max(0, at - 60);
  const span = `${formatTime(from)}–${formatTime(at + 60)}`;
  await expect(
    moment.getByText(
      new RegExp(`^Reading ${span} of this video’s transcript on the service costs 1 Cloud Request · [\\d,]+ left\\.`),
    ),
  ).toBeVisible();
  // The part costs what the whole transcript does: the price offers the whole one, in the video's panel at the part.
  const whole = `https://www.youtube.com/watch?v=${SAVED}${from > 0 ? `&t=${from}s` : ''}#transcript-lens=transcript`;
  await expect(moment.getByRole('link', { name: 'Open the video for its whole transcript' })).toHaveAttribute(
    'href',
    whole,
  );
  const buy = moment.getByRole('button', { name: 'Read for 1 Cloud Request' });
  // A page script's click on the open shadow root's button is not a person's: nothing is bought.
  await page.evaluate(() => {
    const root = document.querySelector('transcript-lens-panel')?.shadowRoot;
    for (const button of root?.querySelectorAll<HTMLButtonElement>('button') ?? []) {
      if (button.textContent?.startsWith('Read for')) button.click();
    }
  });
  expect(await spent(configured)).toEqual(searched);

  await buy.click();
  const passage = moment.getByRole('region', { name: `Transcript ${span}` });
  await expect(passage.getByRole('status')).toHaveText(`Transcript ${span}.`);
  const segments = await serviceSegments(configured, SAVED);
  const inside = segments.filter((s) => s.start + s.duration >= from && s.start <= at + 60);
  await expect(passage.getByRole('listitem')).toHaveCount(inside.length);
  await expect(passage.getByRole('listitem').first()).toHaveText(
    `${formatTime(inside[0]?.start ?? 0)} ${inside[0]?.text ?? ''}`,
  );
  const bought = await spent(configured);
  const parts = bought.charges.filter((c) => c.reason === 'mcp:get_transcript');
  expect(parts.map((c) => [c.videoId, c.kind, c.amount])).toEqual([[SAVED, 'cloud', 1]]);
  expect(bought.charges).toHaveLength(searched.charges.length + 1);

  // Asked again: the part held is shown, and nothing is sent.
  await moment.getByRole('button', { name: 'Read around this moment' }).click();
  await expect(passage.getByRole('status')).toHaveText(`Transcript ${span}, bought before: shown again, free.`);
  await expect(passage.getByRole('listitem')).toHaveCount(inside.length);
  expect(await spent(configured)).toEqual(bought);
});
