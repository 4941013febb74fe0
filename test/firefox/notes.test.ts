import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { openExtensionPage, openVideo, until } from './support/firefox';
import { clickInPanel, loadTranscript, panelElement, panelFrame } from './support/panel';
import { firefoxSession } from './support/session';

const session = firefoxSession();

/** What the Notes tab lists, one text per item (its time, kind and words). */
async function listed(page: Page): Promise<string[]> {
  const frame = await panelFrame(page);
  return (
    (await frame?.evaluate(() =>
      [...document.querySelectorAll('[aria-label="Highlights and notes"] > li')].map((li) => li.textContent ?? ''),
    )) ?? []
  );
}

describe('highlights and notes in Firefox', () => {
  it('keeps a highlight (the cue playing) and a note, finds both after a reload and through the library', async () => {
    const page = await openVideo(session.browser, 'tvaHuman001');
    await loadTranscript(page);
    const frame = await panelFrame(page);
    if (!frame) throw new Error('no panel frame');
    // A click on the 0:05 cue makes it the one playing; Highlight with nothing selected keeps it.
    await clickInPanel(page, 'button', '0:05', false);
    await clickInPanel(page, 'button', 'Highlight');
    await until(async () => (await frame.$$('mark.tl-kept')).length === 1, { what: 'the highlight drawn' });

    await clickInPanel(page, 'tab', 'Notes');
    await clickInPanel(page, 'button', 'Add note');
    // The cue clicked moved the video to 0:05: the note is at the moment playing.
    const field = await panelElement(page, 'textbox', 'New note at 0:0', false);
    await field.type('Noted in Firefox');
    await clickInPanel(page, 'button', 'Save note');
    await until(async () => (await listed(page)).length === 2, { what: 'two items listed' });

    await page.reload();
    await clickInPanel(page, 'tab', 'Notes');
    await until(async () => (await listed(page)).length === 2, { what: 'two items after the reload' });
    const items = await listed(page);
    expect(items.some((text) => text.includes('Highlight') && text.includes('If you remember'))).toBe(true);
    expect(items.some((text) => text.includes('Noted in Firefox'))).toBe(true);

    // The library (Firefox's event page) finds both, each a link to the Notes tab at its moment.
    const library = await openExtensionPage(session.browser, 'library');
    const search = await until(async () => (await library.$('input[type="search"]')) ?? undefined, {
      what: 'the library search box',
    });
    const hits = () =>
      library.evaluate(() =>
        [...document.querySelectorAll('.hit-list a')].map(
          (a) => `${a.getAttribute('data-kind')} ${a.getAttribute('href')}`,
        ),
      );
    await search.type('Firefox');
    const noted = await until(async () => (await hits()).find((h) => h.startsWith('note ')), {
      what: 'the note found in the library',
    });
    expect(noted).toMatch(/v=tvaHuman001&t=\d+s#transcript-lens=notes$/);
    await search.click({ count: 3 });
    await search.type('remember');
    await until(async () => (await hits()).some((h) => h.startsWith('highlight ')), {
      what: 'the highlight found in the library',
    });

    // "Export JSON" takes its parts by message here (the background is no service worker): the worker's bytes,
    // decoded, are the video as the file holds it, its saved cues and both items with it.
    const reply = await library.evaluate((videoId) => {
      const runtime = Reflect.get(globalThis, 'browser').runtime as { sendMessage(m: object): Promise<unknown> };
      return runtime.sendMessage({ type: 'library.exportText', videoIds: [videoId] });
    }, 'tvaHuman001');
    const part = reply as { ok: boolean; data: { count: number; text: string } };
    expect(part.ok && part.data.count).toBe(1);
    const video = JSON.parse(part.data.text) as {
      videoId: string;
      transcripts: { segments: unknown[] }[];
      notes: unknown[];
    };
    expect(video.videoId).toBe('tvaHuman001');
    expect(video.transcripts[0]?.segments.length).toBeGreaterThan(0);
    expect(video.notes).toHaveLength(2);
  });
});
