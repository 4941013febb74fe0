import { describe, expect, it } from 'vitest';
import { analyzeOnService, chargesFor, serviceSegments } from '../e2e/support/direct';
import { confirmWindow, spendInWindow } from './support/extension';
import { openVideo, openYouTube, until } from './support/firefox';
import { arrivalsTo, expectChargedOnce, expectSpentNothing, settledLedger } from './support/money';
import {
  clickInPanel,
  hasPanelElement,
  loadTranscript,
  panelElement,
  panelFrame,
  panelHost,
  panelText,
  videoDuration,
  videoTime,
} from './support/panel';
import { firefoxSession } from './support/session';

const session = firefoxSession();
/** How the channel view is laid out: its styles come with its module (null: no channel view). */
const channelDisplay = (page: Parameters<typeof panelText>[0]) =>
  page.evaluate(() => {
    const view = document.querySelector('transcript-lens-panel')?.shadowRoot?.querySelector('.tl-channel');
    return view ? getComputedStyle(view).display : null;
  });
const shownId = async (page: Parameters<typeof panelText>[0]) =>
  (await panelFrame(page))?.evaluate(() => document.querySelector('[data-testid="video-id"]')?.textContent ?? '') ?? '';

describe('the panel in Firefox', () => {
  it('appears on a watch page, follows in-page navigation and the dark theme', async () => {
    const page = await openVideo(session.browser, 'tvaLong4h01');
    await panelElement(page, 'tab', 'Transcript');
    await panelElement(page, 'tab', 'Analysis');
    await panelElement(page, 'tab', 'Ask');
    expect(await page.$('#secondary-inner > transcript-lens-panel')).not.toBeNull();
    await until(async () => (await shownId(page)).includes('tvaLong4h01'), { what: 'the first video id' });

    await page.evaluate(() => window.ytNavigate('/watch?v=tvaAutoGen1'));
    await until(async () => (await shownId(page)).includes('tvaAutoGen1'), { what: 'the id after navigation' });
    expect(await page.$$eval('transcript-lens-panel', (hosts) => hosts.length)).toBe(1);

    expect(await panelHost(page, 'data-theme')).toBe('light');
    await page.evaluate(() => window.ytSetDark(true));
    await until(async () => (await panelHost(page, 'data-theme')) === 'dark', { what: 'the dark theme' });
  });

  it('appears on a shorts page as a floating panel', async () => {
    const page = await openYouTube(session.browser, '/shorts/tvaSpanish1');
    await panelElement(page, 'tab', 'Transcript');
    expect(await panelHost(page, 'data-placement')).toBe('floating');
    await until(async () => (await shownId(page)).includes('tvaSpanish1'), { what: 'the shorts video id' });
  });

  it('"Load transcript" loads from the local service once, and a cue seeks the video', async () => {
    const page = await openVideo(session.browser, 'tvaHuman001');
    await loadTranscript(page);
    const ledger = await settledLedger(session.service, { path: 'sent' });
    expect(arrivalsTo(ledger, '/api/transcripts')).toHaveLength(1);
    expectChargedOnce(ledger, ['tvaHuman001']);
    expect(chargesFor(ledger, 'tvaHuman001', 'cloud').map((c) => c.amount)).toEqual([1]);

    await until(async () => (await videoDuration(page)) > 0, { what: 'the media length' });
    const segments = await serviceSegments(session.service, 'tvaHuman001');
    const target = segments[3];
    if (!target) throw new Error('the fixture video has too few segments');
    const stamp = `${Math.floor(target.start / 60)}:${String(Math.floor(target.start % 60)).padStart(2, '0')}`;
    await clickInPanel(page, 'button', stamp, false);
    await until(async () => Math.abs((await videoTime(page)) - target.start) < 1.5, {
      what: `the video at ${target.start} s`,
    });
  });

  it('Ask answers an analyzed video with citations that name their moments', async () => {
    await analyzeOnService(session.service, 'tvaHuman001');
    const page = await openVideo(session.browser, 'tvaHuman001');
    await loadTranscript(page);
    await clickInPanel(page, 'tab', 'Analysis');
    await clickInPanel(page, 'button', 'Analyze video');
    // Firefox buys an analysis in the window only; the service's own job is found there, free.
    await spendInWindow(await confirmWindow(session.browser));
    await panelElement(page, 'status', 'Ready', false);

    await clickInPanel(page, 'tab', 'Ask');
    const question = 'What does the speaker say about latency?';
    const box = await panelElement(page, 'textbox', 'Question', true, true);
    await box.type(question);
    expect(await box.evaluate((el) => (el as HTMLTextAreaElement).value)).toBe(question);
    await clickInPanel(page, 'button', 'Ask');
    await until(async () => (await panelText(page)).includes('At 0:05 the speaker says'), {
      timeout: 30_000,
      what: 'the answer',
    });
    for (const stamp of ['0:05', '0:15', '0:27']) expect(await hasPanelElement(page, 'button', stamp)).toBe(true);
    const ledger = await settledLedger(session.service, { path: 'sent' });
    const asks = chargesFor(ledger, 'tvaHuman001', 'ai').filter((c) => c.amount === 1);
    expect(asks).toHaveLength(1);
  });

  it('a channel page loads the channel view, a module of its own, styled, and video pages show the panel again', async () => {
    const page = await openVideo(session.browser, 'tvaHuman001');
    await panelElement(page, 'tab', 'Transcript');
    await page.evaluate(() => window.ytNavigate('/@tvademo/videos'));
    await panelElement(page, 'button', 'List uploads');
    expect(await channelDisplay(page)).toBe('flex');
    await page.evaluate(() => window.ytNavigate('/watch?v=tvaHuman001'));
    await panelElement(page, 'tab', 'Transcript');
    expect(await channelDisplay(page)).toBeNull();
    await page.evaluate(() => window.ytNavigate('/c/tvademo'));
    await panelElement(page, 'button', 'List uploads');
    expectSpentNothing(await settledLedger(session.service, { path: 'sent' }));
  });

  it("the channel view loads under a page's content security policy as strict as YouTube's", async () => {
    const page = await openYouTube(session.browser, '/@tvademo/videos?tl_csp=1');
    await clickInPanel(page, 'button', 'List uploads');
    await until(async () => (await panelText(page)).includes('TVA Demo: 42 uploads listed'), { what: 'the listing' });
    expect(await channelDisplay(page)).toBe('flex');
    const charges = (await settledLedger(session.service, { path: 'sent' })).charges.map((c) => [c.kind, c.amount]);
    expect(charges).toEqual([['cloud', 1]]);
  });

  it('the Analysis and Ask tabs load on first open, a module of their own, under a strict page policy', async () => {
    const page = await openYouTube(session.browser, '/watch?v=tvaAutoGen1&tl_csp=1');
    await clickInPanel(page, 'tab', 'Analysis');
    // A video no other test here analyzes (Ask's test analyzes tvaHuman001, whose tab then shows the result).
    const priced = /≈ \d+ AI Units/;
    // The first open fetches the module and its price from a cold worker: slower than a click on a loaded panel.
    await until(async () => priced.test(await panelText(page)), { what: 'the price', timeout: 20_000 });
    await clickInPanel(page, 'tab', 'Ask');
    await clickInPanel(page, 'button', 'Go to Analysis');
    await until(async () => priced.test(await panelText(page)), { what: 'the price again' });
    expectSpentNothing(await settledLedger(session.service, { path: 'sent' }));
  });
});
