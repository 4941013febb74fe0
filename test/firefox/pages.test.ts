import type { Browser, Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { openExtensionPage, openVideo, until } from './support/firefox';
import { panelElement, panelText } from './support/panel';
import { firefoxSession } from './support/session';

const session = firefoxSession();
const text = (page: Page) => page.evaluate(() => document.body.innerText);

/** Types into the options page's fields with real keys and clicks Save, as a person does. */
async function saveOptions(browser: Browser, token: string, address?: string): Promise<Page> {
  const options = await openExtensionPage(browser, 'options');
  const tokenField = await until(async () => (await options.$('#token')) ?? undefined, { what: 'the token field' });
  await tokenField.type(token);
  if (address) {
    const service = await options.$('#service');
    if (!service) throw new Error('no service address field');
    await service.click({ count: 3 });
    await service.type(address);
  }
  const save = await options.$('xpath/.//button[normalize-space()="Save"]');
  if (!save) throw new Error('no Save button');
  await save.click();
  await until(async () => (await text(options)).includes('Saved.'), { what: '"Saved."' });
  return options;
}

describe('the add-on pages in Firefox', () => {
  it('the popup shows the plan and the balances', async () => {
    const popup = await openExtensionPage(session.browser, 'popup');
    await until(async () => (await text(popup)).includes('Pro plan'), { what: 'the plan' });
    const shown = await text(popup);
    expect(shown).toMatch(/Cloud Requests[\s\S]*3,500/);
    expect(shown).toMatch(/AI Units[\s\S]*10,000/);
  });

  it('the options page saves a token and a non-default service address through the permission request', async () => {
    const address = 'https://transcripts.example.org';
    expect(await session.addon.hasOrigin(`${address}/*`)).toBe(false);
    await saveOptions(session.browser, 'demo-team', address);

    expect(await session.addon.hasOrigin(`${address}/*`)).toBe(true);
    const local = await session.addon.localStorageArea();
    expect((local.settings as { serviceUrl?: string }).serviceUrl).toBe(address);
    // The token is saved, and not in storage.local, which Firefox's content scripts can read.
    expect(JSON.stringify(local)).not.toContain('demo-team');
    const saved = await session.addon.page.evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          const open = indexedDB.open('transcript-lens-secrets', 1);
          open.onsuccess = () => {
            const get = open.result.transaction('secrets').objectStore('secrets').get('apiToken');
            get.onsuccess = () => resolve(get.result);
          };
        }),
    );
    expect(saved).toBe('demo-team');
  });

  it('the token is unreadable from a content script', async () => {
    // Saved the way a person saves it; the background then uses it for the panel.
    await saveOptions(session.browser, 'demo-team');
    const page = await openVideo(session.browser, 'tvaHuman001');
    await panelElement(page, 'tab', 'Transcript');
    await until(async () => (await panelText(page)).includes('Connected'), { what: 'the panel connected' });
    const report = await page.evaluate(
      () =>
        new Promise<string>((resolve, reject) => {
          setTimeout(() => reject(new Error('the probe did not answer')), 5_000);
          window.addEventListener('message', (event) => {
            if (event.data?.type === 'tl-secrecy-report') resolve(event.data.report);
          });
          window.postMessage({ type: 'tl-secrecy-probe' }, '*');
        }),
    );
    // The probe does see the add-on's storage.local (the settings), so a token there would show.
    expect(report).toContain(session.service.url);
    expect(report).not.toContain('demo-team');
    expect(report).not.toContain('transcript-lens-secrets');
  });
});
