import { storage } from 'wxt/utils/storage';
import { MAX_TOKEN_CHARS } from '../bounds';
import { openSecretStore, type SecretStore } from './secret-store';

/**
 * The API token. The background reads it for every call; the options page reads it only when the person
 * clicks "Reveal token in snippet". Content scripts never import this file (a test checks their bundle).
 *
 * Where it lives: Chrome keeps it in storage.local, closed to content scripts by `setAccessLevel` (see
 * lockStorage). Firefox has no access levels, so any content script could read storage.local: there the
 * token lives in the extension origin's IndexedDB (utils/account/secret-store.ts), which content scripts cannot open.
 */
export type TokenItem = { getValue(): Promise<string>; setValue(token: string): Promise<void> };

const localToken = storage.defineItem<string>('local:apiToken', { fallback: '', version: 1 });

/** The Firefox token: IndexedDB, taking over (and erasing) a token an older version left in storage.local. */
export function secretStoreToken(store: SecretStore, legacy: TokenItem & { removeValue(): Promise<void> }): TokenItem {
  return {
    async getValue() {
      const stored = await store.get('apiToken');
      if (stored !== undefined) return stored;
      const old: unknown = await legacy.getValue();
      if (typeof old !== 'string' || old === '') return '';
      await store.set('apiToken', old);
      await legacy.removeValue();
      return old;
    },
    async setValue(token) {
      await store.set('apiToken', token);
      await legacy.removeValue();
    },
  };
}

export const tokenItem: TokenItem = import.meta.env.FIREFOX
  ? secretStoreToken(openSecretStore(), localToken)
  : localToken;

export async function readToken(): Promise<string> {
  const value: unknown = await tokenItem.getValue();
  return typeof value === 'string' ? value.trim() : '';
}

/** Tokens are opaque; reject only what cannot be sent in a header. */
export function isPlausibleToken(token: string): boolean {
  return token.length > 0 && token.length <= MAX_TOKEN_CHARS && /^[\x21-\x7e]+$/.test(token);
}
