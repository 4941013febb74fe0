import 'fake-indexeddb/auto'; // idb recognises IndexedDB objects by the global classes
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { openSecretStore, type SecretStore } from '../../utils/account/secret-store';
import { secretStoreToken } from '../../utils/account/secrets';

/** storage.local as a content script on Firefox could read it. */
function legacyItem(initial = '') {
  let value = initial;
  return {
    getValue: async () => value,
    setValue: async (v: string) => {
      value = v;
    },
    removeValue: async () => {
      value = '';
    },
    peek: () => value,
  };
}

let store: SecretStore;
beforeEach(() => {
  store = openSecretStore(new IDBFactory());
});

describe('the Firefox token (IndexedDB of the extension origin)', () => {
  it('is saved in the secret store and never in storage.local', async () => {
    const legacy = legacyItem();
    const token = secretStoreToken(store, legacy);
    await token.setValue('demo-pro');
    expect(await token.getValue()).toBe('demo-pro');
    expect(await store.get('apiToken')).toBe('demo-pro');
    expect(legacy.peek()).toBe('');
  });

  it('takes over a token an older version left in storage.local, and erases it there', async () => {
    const legacy = legacyItem('old-token');
    const token = secretStoreToken(store, legacy);
    expect(await token.getValue()).toBe('old-token');
    expect(legacy.peek()).toBe('');
    expect(await store.get('apiToken')).toBe('old-token');
  });

  it('reads empty when nothing is saved, and a cleared token stays cleared', async () => {
    const token = secretStoreToken(store, legacyItem());
    expect(await token.getValue()).toBe('');
    await token.setValue('x');
    await token.setValue('');
    expect(await token.getValue()).toBe('');
  });
});
