import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCoreAndTill, createServices } from '../../../entrypoints/background';
import { createRouter } from '../../../utils/protocol/receive';
import { DEFAULT_SETTINGS, settingsItem } from '../../../utils/settings';

/**
 * Least privilege over time: once the service address changes, the extension gives back the previous address's
 * host permission, so it keeps access only to the address it sends the token to.
 */
const OPTIONS = { id: 'ext', url: 'chrome-extension://ext/options.html' };
const DEFAULT_PATTERN = 'https://www.youtube-transcript.io/*';
let removed: string[][] = [];

async function background(serviceUrl: string) {
  fakeBrowser.reset();
  removed = [];
  fakeBrowser.permissions.contains = async () => true;
  fakeBrowser.permissions.remove = async ({ origins = [] }) => {
    removed.push(origins);
    return true;
  };
  // The store build's manifest: the default service is declared, every other https origin is optional.
  fakeBrowser.runtime.getManifest = () => ({
    manifest_version: 3,
    name: 'Transcript Lens',
    version: '0.1.0',
    host_permissions: [DEFAULT_PATTERN],
  });
  await settingsItem.setValue({ ...DEFAULT_SETTINGS, serviceUrl });
  const { handlers } = createServices({ core: createCoreAndTill() });
  const route = createRouter(handlers, 'ext', 'chrome-extension://ext/');
  return (next: string) => route({ type: 'settings.set', patch: { serviceUrl: next } }, OPTIONS);
}

describe('background: the previous service address loses its host permission', () => {
  beforeEach(() => {
    removed = [];
  });

  it('moving from one granted address to another removes the first one’s origin', async () => {
    const save = await background('https://old.example');
    expect(await save('https://new.example/api')).toMatchObject({ ok: true });
    expect(removed).toEqual([['https://old.example/*']]);
  });

  it('the default service is declared by the manifest: moving away from it removes nothing', async () => {
    const save = await background('https://www.youtube-transcript.io');
    expect(await save('https://new.example')).toMatchObject({ ok: true });
    expect(removed).toEqual([]);
  });

  it('another path on the same origin, or the same address saved again, removes nothing', async () => {
    const save = await background('https://same.example/v1');
    expect(await save('https://same.example/v2')).toMatchObject({ ok: true });
    expect(await save('https://same.example/v2')).toMatchObject({ ok: true });
    expect(removed).toEqual([]);
  });

  it('a refused address changes nothing and removes nothing', async () => {
    const save = await background('https://old.example');
    fakeBrowser.permissions.contains = async () => false;
    expect(await save('https://new.example')).toMatchObject({ ok: false, error: { code: 'not_permitted' } });
    expect(removed).toEqual([]);
    expect((await settingsItem.getValue()).serviceUrl).toBe('https://old.example');
  });

  it('a browser that will not remove it does not fail the save', async () => {
    const save = await background('https://old.example');
    fakeBrowser.permissions.remove = async () => {
      throw new Error('You cannot remove required permissions.');
    };
    expect(await save('https://www.youtube-transcript.io')).toMatchObject({ ok: true });
    expect((await settingsItem.getValue()).serviceUrl).toBe('https://www.youtube-transcript.io');
  });
});
