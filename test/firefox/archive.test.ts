import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'puppeteer-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../e2e/support/build';
import { launchFirefox, openVideo, until } from './support/firefox';
import { panelHost } from './support/panel';

let browser: Browser | undefined;
afterAll(async () => {
  await browser?.close();
});

describe('the store archive', () => {
  it('`npm run zip:firefox` makes an add-on that Firefox installs from the file, and it runs', async () => {
    const wxt = join(ROOT, 'node_modules', 'wxt', 'bin', 'wxt.mjs');
    execFileSync(process.execPath, [wxt, 'zip', '-b', 'firefox'], { cwd: ROOT, stdio: 'ignore' });
    const archive = readdirSync(join(ROOT, '.output')).find((name) => /-firefox\.zip$/.test(name));
    if (!archive) throw new Error('no Firefox archive in .output');

    browser = await launchFirefox(join(ROOT, '.output', archive));
    const page = await openVideo(browser, 'tvaHuman001');
    // A store build keeps the panel's shadow root closed: what shows from outside is its host, placed in
    // YouTube's right column, following the page's theme.
    await until(async () => (await page.$('#secondary-inner > transcript-lens-panel')) ?? undefined, {
      what: 'the panel in the right column',
    });
    expect(await panelHost(page, 'data-theme')).toBe('light');
    expect(await page.$$eval('transcript-lens-panel', (hosts) => hosts.length)).toBe(1);
  });
});
