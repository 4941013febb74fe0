import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCore } from '../../../entrypoints/background/core/core';
import { tokenItem } from '../../../utils/account/secrets';
import { writeLanguageChoice } from '../../../utils/i18n/preference';
import { DEFAULT_SETTINGS, settingsItem } from '../../../utils/settings';
import { startBackground } from './harness';

beforeEach(async () => {
  fakeBrowser.reset();
  await settingsItem.setValue({ ...DEFAULT_SETTINGS, serviceUrl: 'http://127.0.0.1:9' });
  await tokenItem.setValue('demo-pro');
});

describe('the connection the worker keeps', () => {
  it('is read from storage once, then from memory', async () => {
    const core = createCore();
    expect((await core.connection()).token).toBe('demo-pro');
    const reads = vi.spyOn(fakeBrowser.storage.local, 'get');
    const again = await core.connection();
    expect(again.token).toBe('demo-pro');
    expect(again.settings.serviceUrl).toBe('http://127.0.0.1:9');
    expect(reads).not.toHaveBeenCalled();
    // Each caller gets its own copy: one that changes it changes nothing for the next.
    again.settings.serviceUrl = 'http://changed.example';
    expect((await core.connection()).settings.serviceUrl).toBe('http://127.0.0.1:9');
  });

  it("gives the account its key from memory, and the new token's key once the token changes", async () => {
    const core = createCore();
    const before = await core.account();
    const reads = vi.spyOn(tokenItem, 'getValue');
    for (let i = 0; i < 5; i++) expect(await core.account()).toBe(before);
    expect(reads).not.toHaveBeenCalled();
    reads.mockRestore();
    await tokenItem.setValue('demo-free');
    const after = await core.account();
    expect(after).not.toBe(before);
    expect(after).toBe(await createCore().account());
  });

  it('is read again when a page writes the settings, the token or the interface language', async () => {
    const core = createCore();
    await core.connection();
    await settingsItem.setValue({ ...DEFAULT_SETTINGS, serviceUrl: 'http://127.0.0.1:10', language: '' });
    expect((await core.connection()).settings.serviceUrl).toBe('http://127.0.0.1:10');
    await tokenItem.setValue('demo-free');
    expect((await core.connection()).token).toBe('demo-free');
    await writeLanguageChoice('de');
    expect((await core.connection()).settings.language).toBe('de');
  });

  it('is read again after this worker writes, even where no change is reported (the Firefox token)', async () => {
    // A worker that hears no storage event, as with a token kept outside storage.local.
    const listening = vi.spyOn(fakeBrowser.storage.onChanged, 'addListener').mockImplementation(() => undefined);
    const core = createCore();
    listening.mockRestore();
    await core.connection();
    await tokenItem.setValue('demo-free');
    expect((await core.connection()).token).toBe('demo-pro');
    core.forgetConnection();
    expect((await core.connection()).token).toBe('demo-free');
  });
});

describe('a token saved on the options page', () => {
  it('is the one the next request sends, though no storage event told the worker', async () => {
    const listening = vi.spyOn(fakeBrowser.storage.onChanged, 'addListener').mockImplementation(() => undefined);
    const bg = await startBackground({ serviceUrl: 'http://127.0.0.1:9', token: 'demo-pro', sender: {} });
    listening.mockRestore();
    expect((await bg.core.connection()).token).toBe('demo-pro');
    await bg.handlers.page({ type: 'token.set', token: 'demo-free' });
    expect((await bg.core.connection()).token).toBe('demo-free');
    await bg.handlers.page({ type: 'settings.set', patch: { spendingGuard: 7 } });
    expect((await bg.core.connection()).settings.spendingGuard).toBe(7);
  });
});
