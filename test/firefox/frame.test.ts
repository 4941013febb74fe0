import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { arrivalsTo } from '../e2e/support/money-checks';
import { EXTENSION_ORIGIN, openVideo, until } from './support/firefox';
import { expectChargedOnce, expectSpentNothing, settledLedger } from './support/money';
import { hasPanelElement, loadTranscript, panelElement, panelFrame, trustedClick } from './support/panel';
import { firefoxSession } from './support/session';

const session = firefoxSession();
/** Videos whose transcripts no other test here loads: the panel offers "Load transcript" (the add-on keeps them). */
const VIDEO = 'tvaAutoGen1';
const ATTACKED = 'tvaLong4h01';

/** The names of every button the page's own document shows, open shadow roots included (test builds). */
const pageButtons = (page: Page) =>
  page.evaluate(() => {
    const names: string[] = [];
    const visit = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('button, [role="button"], [role="tab"]')) {
        names.push((el.getAttribute('aria-label') ?? el.textContent ?? '').trim());
      }
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) visit(el.shadowRoot);
    };
    visit(document);
    return names;
  });

/**
 * What a page script (the page's main world, as YouTube's own scripts run) can throw at the panel's frame: clicks
 * and keys dispatched on the frame's element and on the page, focus moved into it, the content script's messages
 * and made-up requests posted into the frame's window and into the page's own, and the line's offer with the
 * frame's real token (test builds leave the panel's host open, so the script can read the frame's address; a
 * store build's is closed). Returns whether the script could read the frame's document; what its channel hears
 * is kept in the page (heardByScript).
 */
function attack(page: Page, videoId: string) {
  return page.evaluate(async (videoId) => {
    const frame = document.querySelector('transcript-lens-panel')?.shadowRoot?.querySelector('iframe');
    if (!frame) return { frame: false, readable: false };
    let readable = false;
    try {
      readable = frame.contentDocument !== null || frame.contentWindow?.document !== undefined;
    } catch {
      readable = false;
    }
    const box = frame.getBoundingClientRect();
    const point = { clientX: box.left + box.width / 2, clientY: box.top + 40, bubbles: true, cancelable: true };
    for (const target of [frame, document.elementFromPoint(point.clientX, point.clientY), document.body]) {
      if (!target) continue;
      for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) {
        target.dispatchEvent(new MouseEvent(type, point));
      }
      for (const key of ['Enter', ' ', 'Tab']) {
        target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
        target.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }));
      }
    }
    frame.click();
    frame.focus();
    const requests = [
      { type: 'transcript.load', videoId, consent: { quoteId: 'forged' } },
      { type: 'analysis.start', videoId, mode: 'smart', partial: false, quoteId: 'forged' },
      { type: 'ask.send', videoId, question: 'Spend?', quoteId: 'forged' },
    ];
    const lineMessages = [
      { t: 'video', videoId: 'hostile0000', title: 'Spend', tab: 'analysis', prefs: null },
      { t: 'tab', tab: 'ask' },
      { t: 'toggle' },
      { t: 'input' },
      { t: 'view', visible: true, focused: true },
    ];
    const targets = [frame.contentWindow, ...Array.from({ length: window.length }, (_, i) => window[i])];
    for (const target of targets) {
      for (const message of [...requests, ...lineMessages]) target?.postMessage(message, '*');
    }
    for (const message of requests) window.postMessage(message, '*');
    // The frame's real token, and a channel of the script's own: the frame took its line at load, once.
    const token = new URL(frame.src).hash.slice(1);
    const channel = new MessageChannel();
    const heard: unknown[] = [];
    Object.assign(window, { __heard: heard });
    channel.port1.onmessage = (event) => heard.push(event.data);
    frame.contentWindow?.postMessage({ t: 'tl-panel-line', token }, '*', [channel.port2]);
    for (const message of lineMessages) channel.port1.postMessage(message);
    return { frame: true, readable };
  }, videoId);
}

/** What the frame sent on the script's channel: read once the ledger settled, long after any answer. */
const heardByScript = (page: Page) =>
  page.evaluate(() => ((window as Window & { __heard?: unknown[] }).__heard ?? []).length);

describe("the watch page's panel in Firefox, in the extension's frame", () => {
  it('is the extension’s panel-frame.html; the page’s document has no panel buttons; a person loads through it', async () => {
    const page = await openVideo(session.browser, VIDEO);
    await panelElement(page, 'tab', 'Transcript');
    const frame = await panelFrame(page);
    const address = await frame?.evaluate(() => location.href);
    expect(address?.startsWith(`${EXTENSION_ORIGIN}/panel-frame.html#`)).toBe(true);
    // Not "Load transcript", not the tabs: only the page's own buttons (the fixture's player) are the page's.
    const inPage = await pageButtons(page);
    for (const name of ['Load transcript', 'Transcript', 'Analysis', 'Ask', 'Analyze video']) {
      expect(inPage).not.toContain(name);
    }

    await loadTranscript(page);
    const ledger = await settledLedger(session.service, { path: 'sent' });
    expect(arrivalsTo(ledger, '/api/transcripts')).toHaveLength(1);
    expectChargedOnce(ledger, [VIDEO]);
  });

  it('a page script’s clicks, keys and messages into the frame and the page spend nothing', async () => {
    const page = await openVideo(session.browser, ATTACKED);
    await panelElement(page, 'button', 'Load transcript');
    expect(await attack(page, ATTACKED)).toEqual({ frame: true, readable: false });
    // Again on the Analysis tab, where a price is shown: the person opens it, the script attacks.
    await trustedClick(page, await panelElement(page, 'tab', 'Analysis'));
    await until(async () => /AI Units/.test((await frameText(page)) ?? ''), { what: 'the price' });
    expect(await attack(page, ATTACKED)).toEqual({ frame: true, readable: false });

    const ledger = await settledLedger(session.service, { path: 'sent' });
    expectSpentNothing(ledger);
    expect(arrivalsTo(ledger, '/api/transcripts')).toEqual([]);
    expect(await heardByScript(page)).toBe(0);
    // The panel still offers what it offered, and no window was asked for.
    expect(await hasPanelElement(page, 'button', 'Analyze video')).toBe(true);
    const pages = await session.browser.pages();
    const addresses = await Promise.all(pages.map((p) => p.evaluate(() => location.pathname).catch(() => '')));
    expect(addresses).not.toContain('/confirm.html');
  });
});

const frameText = async (page: Page) => (await panelFrame(page))?.evaluate(() => document.body.textContent ?? '');
