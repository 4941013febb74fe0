import { describe, expect, it } from 'vitest';
import { chargesFor, requestsTo } from '../e2e/support/direct';
import { fixtureTitle } from '../fixtures/routes';
import { confirmWindow, spendInWindow } from './support/extension';
import { openVideo, until } from './support/firefox';
import { expectSpentNothing, settledLedger } from './support/money';
import { clickInPanel, loadTranscript, panelElement } from './support/panel';
import { firefoxSession } from './support/session';

const session = firefoxSession();
/** Long enough for two polls before the job ends: the background asks at 10 s and again at 20 s. */
const JOB_MS = 15_000;

describe('the background page in Firefox', () => {
  it('starts an analysis on Spend in the window, polls it every 10 s, badges it while it runs, ends ready', async () => {
    await session.service.control('jobs', { durationMs: JOB_MS });
    const page = await openVideo(session.browser, 'tvaHuman001');
    await loadTranscript(page);
    await clickInPanel(page, 'tab', 'Analysis');
    // Nothing is spent before the click.
    let ledger = await settledLedger(session.service, { path: 'sent' });
    expect(requestsTo(ledger, '/api/watch', 'POST')).toEqual([]);
    expect(chargesFor(ledger, 'tvaHuman001', 'ai')).toEqual([]);
    await clickInPanel(page, 'button', 'Analyze video');
    // Firefox cannot tell that a click on the panel's frame was seen: the analysis is bought in the window only.
    const window = await confirmWindow(session.browser);
    await until(async () => (await window.evaluate(() => document.body.innerText)).includes('33 AI Units'), {
      what: 'the price in the window',
    });
    ledger = await settledLedger(session.service, { path: 'sent' });
    expect(requestsTo(ledger, '/api/watch', 'POST')).toEqual([]);
    await spendInWindow(window);
    await panelElement(page, 'status', 'Queued', false).catch(() => panelElement(page, 'status', 'Processing', false));
    // The badge first: the settled read below may wait out a burst window, and the job ends 15 s after its start.
    expect(await session.addon.badgeText()).toBe('1');
    ledger = await settledLedger(session.service, { path: 'sent' });
    const started = requestsTo(ledger, '/api/watch', 'POST');
    expect(started.map((r) => r.status)).toEqual([202]);
    expect(chargesFor(ledger, 'tvaHuman001', 'ai').map((c) => c.amount)).toEqual([33]);

    await panelElement(page, 'status', 'Ready', false).catch(async () =>
      until(async () => panelElement(page, 'status', 'Ready', false), { timeout: 30_000, what: 'Ready' }),
    );
    // Read once the polls have stopped: none comes more than 10 s after another, none after the job is ready.
    ledger = await settledLedger(session.service, { path: 'poll' });
    expect(requestsTo(ledger, '/api/watch', 'POST')).toHaveLength(1);
    expect(chargesFor(ledger, 'tvaHuman001', 'ai').map((c) => c.amount)).toEqual([33]);
    const polls = requestsTo(ledger, /^\/api\/watch\/\d+$/, 'GET');
    expect(polls.length).toBeGreaterThanOrEqual(2);
    const startAt = started[0]?.at ?? 0;
    const gaps = polls.map((p, i) => (p.at - (i === 0 ? startAt : (polls[i - 1]?.at ?? 0))) / 1000);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThan(9);
      expect(gap).toBeLessThan(12.5);
    }

    await until(async () => (await session.addon.badgeText()) === '', { what: 'the badge to clear' });
  });

  it('the context menu starts an analysis of a linked video at once and notifies when it is ready', async () => {
    const page = await openVideo(session.browser, 'tvaHuman001');
    await loadTranscript(page);
    await session.addon.recordNotifications();
    const result = await session.addon.menuClick({
      menuItemId: 'tl-analyze-link',
      linkUrl: 'https://youtu.be/tvaHuman001',
    });
    expect(result).toEqual({ started: true });
    // The badge first: the background clears it at its first poll, 10 s after the start.
    expect(await session.addon.badgeText()).toBe('1');
    const ledger = await settledLedger(session.service, { path: 'sent' });
    expect(requestsTo(ledger, '/api/watch', 'POST').map((r) => r.status)).toEqual([202]);
    expect(chargesFor(ledger, 'tvaHuman001', 'ai').map((c) => c.amount)).toEqual([33]);

    // The job ends in 2 s on the service; the background learns it at its next poll, 10 s after the start.
    const shown = await until(async () => (await session.addon.shownNotifications()).at(0), {
      timeout: 20_000,
      what: 'the notification',
    });
    expect(shown).toEqual({
      id: 'tl-job:tvaHuman001',
      title: 'Analysis ready',
      // Named by its saved transcript's title: a link's click says nothing of it.
      message: `The analysis of “${fixtureTitle('tvaHuman001')}” is ready. Click to open it.`,
    });
    await until(async () => (await session.addon.badgeText()) === '', { what: 'the badge to clear' });
  });

  it('the context menu on something that is not a video starts nothing', async () => {
    const result = await session.addon.menuClick({ menuItemId: 'tl-analyze-link', linkUrl: 'https://example.com/' });
    expect(result).toEqual({ started: false, error: 'That link is not a YouTube video.' });
    const ledger = await settledLedger(session.service, { path: 'sent' });
    expect(requestsTo(ledger, /^\/api\/watch/)).toEqual([]);
    expectSpentNothing(ledger);
  });
});
