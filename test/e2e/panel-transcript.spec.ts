import { readFileSync } from 'node:fs';
import { formatTime } from '../../utils/timecode';
import { expect, test } from './fixtures';
import { chargesFor, requestsTo, serviceSegments } from './support/direct';
import { expectSpentNothing, settledLedger } from './support/money';
import { allowClipboard, loadTranscript, openWithCues, panelOf, waitForCues } from './support/panel';
import { driveVideo, expectVideoAt, navigate, videoState, waitForMedia } from './support/video';

test('cues show with their timestamps; a click seeks the main video and keeps it paused or playing', async ({
  configured,
  openVideo,
}) => {
  const page = await openVideo('tvaHuman001');
  const panel = panelOf(page);
  await waitForCues(page);
  await expect(panel.getByRole('button', { name: /^0:00 Welcome to this introduction/ })).toBeVisible();
  await expect(panel.getByRole('button', { name: /^0:05 If you remember one thing/ })).toBeVisible();
  await waitForMedia(page);

  await panel.getByRole('button', { name: /^0:27 Many viewers asked about latency/ }).click();
  await expectVideoAt(page, 27.09, true);

  await driveVideo(page, { play: true });
  await panel.getByRole('button', { name: /^0:15 Think of clusters/ }).click();
  await expectVideoAt(page, 15.63, false);
  expect((await settledLedger(configured, { path: 'sent' })).charges.length).toBe(1);
});

test('search "latency" counts its matches, Enter and Shift+Enter move between them', async ({
  configured,
  openVideo,
}) => {
  const segments = await serviceSegments(configured, 'tvaHuman001');
  const total = segments.reduce((n, s) => n + (s.text.toLowerCase().match(/latency/g)?.length ?? 0), 0);
  expect(total).toBeGreaterThan(2);
  const page = await openVideo('tvaHuman001');
  const panel = panelOf(page);
  await waitForCues(page);
  const search = panel.getByRole('searchbox', { name: 'Search transcript' });
  await search.fill('latency');
  await expect(panel.getByText(`1 of ${total}`, { exact: true })).toBeVisible();
  const activeCue = panel.locator('button.tl-cue[data-active-match="true"]');
  await expect(activeCue).toHaveAccessibleName(/^0:05 If you remember one thing/);
  await expect(activeCue.locator('mark')).toHaveText(['latency']);

  await search.press('Enter');
  await expect(panel.getByText(`2 of ${total}`, { exact: true })).toBeVisible();
  await expect(activeCue).toHaveAccessibleName(/^0:15 Think of clusters/);
  await search.press('Shift+Enter');
  await expect(panel.getByText(`1 of ${total}`, { exact: true })).toBeVisible();
  await search.press('Shift+Enter'); // wraps to the last match
  await expect(panel.getByText(`${total} of ${total}`, { exact: true })).toBeVisible();
  await expect(activeCue).toBeVisible();

  await search.fill('zyzzyva');
  await expect(panel.getByText('No matches', { exact: true })).toBeVisible();
});

test('search ignores accents and case', async ({ configured: _service, openVideo }) => {
  const page = await openVideo('tvaSpanish1');
  const panel = panelOf(page);
  await waitForCues(page);
  const search = panel.getByRole('searchbox', { name: 'Search transcript' });
  await search.fill('INTRODUCCION');
  await expect(panel.getByText(/^1 of \d+$/)).toBeVisible();
  const active = panel.locator('button.tl-cue[data-active-match="true"]');
  await expect(active).toHaveAccessibleName(/^0:00 Bienvenidos a esta introducción/);
  await expect(active.locator('mark.tl-mark-active')).toHaveText('introducción');
});

test('the cue being played is marked current and kept in view as playback moves', async ({ configured, openVideo }) => {
  const segments = await serviceSegments(configured, 'tvaHuman001');
  const labelAt = (t: number) => formatTime(segments.filter((s) => s.start <= t).at(-1)?.start ?? 0);
  const page = await openVideo('tvaHuman001');
  const panel = panelOf(page);
  await waitForCues(page);
  await waitForMedia(page);
  const current = panel.locator('button.tl-cue[aria-current="true"]');

  await driveVideo(page, { time: 300, play: true });
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAccessibleName(new RegExp(`^${labelAt(300)} `));
  await expect(current).toBeInViewport();

  await driveVideo(page, { time: 560 });
  await expect(current).toHaveAccessibleName(new RegExp(`^${labelAt(560)} `));
  await expect(current).toBeInViewport();
  expect((await videoState(page)).paused).toBe(false);
});

test('Download gives SRT, VTT, TXT, Markdown and JSON files; Chromium reads every VTT cue', async ({
  configured,
  openVideo,
}) => {
  const segments = await serviceSegments(configured, 'tvaHuman001');
  const page = await openVideo('tvaHuman001');
  const panel = panelOf(page);
  await waitForCues(page);
  const files: Record<string, { name: string; text: string }> = {};
  for (const format of ['SRT', 'VTT', 'TXT', 'Markdown', 'JSON']) {
    await panel.getByRole('button', { name: 'Download' }).click();
    const downloaded = page.waitForEvent('download');
    await panel.getByRole('menuitem', { name: format }).click();
    const download = await downloaded;
    files[format] = { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
  }
  const file = (format: string) => files[format] ?? { name: '', text: '' };
  expect(file('SRT').name).toBe('Distributed Systems An Introduction [tvaHuman001].srt');
  expect(file('SRT').text).toMatch(/^1\r?\n00:00:00,500 --> 00:00:05,470\r?\nWelcome to this introduction/);
  expect(file('VTT').name).toMatch(/\[tvaHuman001\]\.vtt$/);
  expect(file('VTT').text).toMatch(/^WEBVTT/);
  expect(file('TXT').name).toMatch(/\[tvaHuman001\]\.txt$/);
  expect(file('TXT').text).toContain('[0:05] If you remember one thing, remember that latency matters');
  expect(file('TXT').text.trim().split('\n')).toHaveLength(segments.length);
  expect(file('Markdown').name).toMatch(/\[tvaHuman001\]\.md$/);
  expect(file('Markdown').text).toContain('Distributed Systems');
  expect(file('Markdown').text).toContain('That brings us to the conclusion of this video on distributed systems.');
  expect(file('JSON').name).toMatch(/\[tvaHuman001\]\.json$/);
  const json = JSON.parse(file('JSON').text) as { segments: unknown[] };
  expect(json.segments).toHaveLength(segments.length);

  // The browser's own WebVTT parser must accept every cue.
  const parsed = await page.evaluate(async (vtt) => {
    const video = document.createElement('video');
    const track = document.createElement('track');
    track.kind = 'subtitles';
    track.default = true;
    track.src = URL.createObjectURL(new Blob([vtt], { type: 'text/vtt' }));
    video.append(track);
    document.body.append(video);
    await new Promise((resolve, reject) => {
      track.addEventListener('load', resolve);
      track.addEventListener('error', () => reject(new Error('the track did not load')));
    });
    const cues = track.track.cues;
    return { count: cues?.length ?? 0, first: (cues?.[0] as VTTCue | undefined)?.text ?? '' };
  }, file('VTT').text);
  expect(parsed.count).toBe(segments.length);
  expect(parsed.first).toBe('Welcome to this introduction to distributed systems.');
});

test('Copy transcript puts the timestamped text on the clipboard', async ({ configured: _s, context, openVideo }) => {
  await allowClipboard(context);
  const page = await openVideo('tvaHuman001');
  const panel = panelOf(page);
  await waitForCues(page);
  await panel.getByRole('button', { name: 'Copy transcript' }).click();
  await expect(panel.getByText('Copied', { exact: true })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^\[0:00\] Welcome to this introduction to distributed systems\.\n\[0:05\] If you remember/);
  expect(copied).toContain('[10:19] That brings us to the conclusion of this video on distributed systems.');
  await expect(panel.getByRole('alert')).toHaveCount(0);
});

test('a range of a saved transcript, from one cue to another, is copied and downloaded for free', async ({
  configured,
  context,
  openVideo,
}) => {
  // Two money reads that outlast a lookup's 30 s resend: 57 s of the default 60 under the load script.
  test.setTimeout(120_000);
  await allowClipboard(context);
  await (await openWithCues(openVideo, 'tvaHuman001')).close();
  // Saved now: the second visit shows it free, and what follows must send nothing at all.
  const page = await openVideo('tvaHuman001');
  const panel = panelOf(page);
  await waitForCues(page);
  const before = await settledLedger(configured);
  expect(before.charges).toHaveLength(1);

  await panel.getByRole('button', { name: /^0:05 If you remember one thing/ }).click();
  await panel.getByRole('button', { name: /^0:27 Many viewers asked about latency/ }).click({ modifiers: ['Shift'] });
  await expect(panel.getByRole('textbox', { name: 'From' })).toHaveValue('0:05');
  await expect(panel.getByRole('textbox', { name: 'To' })).toHaveValue('0:27');
  await panel.getByRole('button', { name: 'Copy range' }).click();
  await expect(panel.getByText('Copied', { exact: true })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const lines = copied.trim().split('\n');
  expect(lines[0]).toMatch(/^\[0:05\] If you remember one thing/);
  expect(lines.at(-1)).toMatch(/^\[0:27\] Many viewers asked about latency/);
  expect(copied).not.toContain('Welcome to this introduction');

  // Typed in another form (seconds), then downloaded as SRT: only the cues from 0:05 to 0:27.
  await panel.getByRole('textbox', { name: 'To' }).fill('27');
  await panel.getByRole('button', { name: 'Download range' }).click();
  const downloaded = page.waitForEvent('download');
  await panel.getByRole('menuitem', { name: 'SRT' }).click();
  const download = await downloaded;
  const srt = readFileSync(await download.path(), 'utf8');
  expect(download.suggestedFilename()).toBe('Distributed Systems An Introduction (0 05–0 27) [tvaHuman001].srt');
  expect(srt).toMatch(/^1\r?\n00:00:05,\d{3} --> [^\n]+\r?\nIf you remember one thing/);
  expect(srt.trim().split(/\r?\n\r?\n/)).toHaveLength(lines.length);

  const after = await settledLedger(configured);
  expectSpentNothing(after, before);
  expect(after.arrivals).toHaveLength(before.arrivals.length);
});

test('a four-hour transcript renders a few cue buttons and scrolls to its last cue', async ({
  configured,
  openVideo,
}) => {
  const segments = await serviceSegments(configured, 'tvaLong4h01');
  expect(segments.length).toBeGreaterThan(5000);
  const page = await openVideo('tvaLong4h01');
  const panel = panelOf(page);
  await waitForCues(page);
  const cues = panel.locator('button.tl-cue');
  expect(await cues.count()).toBeLessThan(60);
  const list = panel.locator('.tl-vlist');
  const last = panel.getByRole('button', { name: /^3:59:\d\d That brings us to the conclusion of this video/ });
  await expect(last).toHaveCount(0);
  // Wheel down to the end, as a person would, until the list stops at its last cue.
  await list.hover();
  await expect(async () => {
    await page.mouse.wheel(0, 1_000_000);
    await expect(last).toBeInViewport({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await expect(last).toBeVisible();
  expect(await cues.count()).toBeLessThan(60);
  // Back up: other cues render, still only a few.
  await page.mouse.wheel(0, -2000);
  await expect(last).toHaveCount(0);
  expect(await cues.count()).toBeLessThan(60);
});

test('videos without a readable transcript say why, say failed lookups are free, and cost nothing', async ({
  configured,
  openVideo,
}) => {
  const situations: Array<[string, string]> = [
    ['tvaDisable1', 'The owner of this video has turned transcripts off.'],
    ['tvaAgeRest1', 'This video is age-restricted, so its transcript cannot be read.'],
    ['tvaPrivate1', 'This video is unavailable: it may be private, members-only or removed.'],
    ['tvaUnplay01', 'This video cannot be played right now, so its transcript cannot be read.'],
  ];
  const page = await openVideo('tvaHuman001');
  const panel = panelOf(page);
  await waitForCues(page);
  for (const [id, sentence] of situations) {
    await navigate(page, `/watch?v=${id}`);
    await expect(panel.getByTestId('video-id')).toContainText(id);
    await loadTranscript(page);
    await expect(panel.getByRole('alert')).toHaveText(sentence);
    await expect(panel.getByText('Failed lookups are free: nothing was charged.')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(panel.locator('button.tl-cue')).toHaveCount(0);
  }
  const ledger = await settledLedger(configured, { path: 'sent' });
  for (const [id] of situations) expect(chargesFor(ledger, id)).toEqual([]);
  expect(requestsTo(ledger, '/api/transcripts').map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  expect(ledger.charges.map((c) => c.videoId)).toEqual(['tvaHuman001']);
});

test('a flaky lookup offers Retry, and retrying ends in the transcript, charged once', async ({
  configured,
  openVideo,
}) => {
  const page = await openVideo('tvaFlaky001');
  const panel = panelOf(page);
  await loadTranscript(page);
  const alert = panel.getByRole('alert');
  await expect(alert).toHaveText('The service could not fetch this transcript just now.');
  await expect(panel.getByText('Trying again by itself in 30 seconds.')).toBeVisible();
  await expect(panel.getByText('Failed lookups are free: nothing was charged.')).toBeVisible();
  const lookups = async () => requestsTo(await configured.ledger(), '/api/transcripts').length;
  expect(requestsTo(await settledLedger(configured, { path: 'sent' }), '/api/transcripts')).toHaveLength(1);

  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(lookups).toBe(2);
  await expect(alert).toHaveText('The service could not fetch this transcript just now.');
  await panel.getByRole('button', { name: 'Retry' }).click();
  await waitForCues(page);
  await expect(alert).toHaveCount(0);
  // Past the 30 s the automatic retry of the first failure would have waited: it was not sent as well.
  const ledger = await settledLedger(configured, { path: 'lookup' });
  expect(requestsTo(ledger, '/api/transcripts')).toHaveLength(3);
  expect(chargesFor(ledger, 'tvaFlaky001').map((c) => [c.kind, c.amount])).toEqual([['cloud', 1]]);
});

test('a Spanish-only video says it fell back; automatic captions are marked Auto-generated', async ({
  configured: _s,
  openVideo,
}) => {
  const page = await openVideo('tvaSpanish1');
  const panel = panelOf(page);
  await waitForCues(page);
  await expect(panel.getByText('No English captions; showing Spanish.')).toBeVisible();
  await expect(panel.getByText('Auto-generated', { exact: true })).toHaveCount(0);

  await navigate(page, '/watch?v=tvaAutoGen1');
  await loadTranscript(page);
  await expect(panel.getByRole('button', { name: /^0:00 / }).first()).toBeVisible();
  await expect(panel.getByText('Auto-generated', { exact: true })).toBeVisible();
  await expect(panel.getByText(/^No .* captions; showing/)).toHaveCount(0);
});

test.describe('on the Free plan', () => {
  test.use({ token: 'demo-free' });

  test('a video without captions says so and offers transcription from audio on paid plans', async ({
    configured,
    openVideo,
  }) => {
    const page = await openVideo('tvaNoCapti1');
    const panel = panelOf(page);
    await expect(panel.getByText('1 Cloud Request', { exact: false })).toBeVisible();
    // Free covers no audio transcription: nothing about AI Units before the lookup.
    await expect(panel.getByText(/AI Units per minute of video/)).toHaveCount(0);
    await loadTranscript(page);
    await expect(panel.getByRole('alert')).toHaveText('This video has no captions.');
    await expect(
      panel.getByText(
        'Transcription from the video’s audio is available on paid plans (or with an AI Unit top-up) at 3 AI Units per minute + 1 Cloud Request.',
      ),
    ).toBeVisible();
    await expect(panel.getByText('Failed lookups are free: nothing was charged.')).toBeVisible();
    const ledger = await settledLedger(configured, { path: 'sent' });
    expect(ledger.charges).toEqual([]);
    expect(requestsTo(ledger, '/api/transcripts').map((r) => [r.status, r.token])).toEqual([[200, 'demo-free']]);
  });
});
