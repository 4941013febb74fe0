import { type IDBPDatabase, wrap } from 'idb';
import { t } from '../i18n/catalogue';

/**
 * Secrets kept in the extension origin's IndexedDB, for browsers whose storage.local cannot be closed to
 * content scripts (Firefox has no `storage.local.setAccessLevel`). A content script's IndexedDB is the web
 * page's, so it never reaches this database; the background and extension pages do.
 */
export const SECRET_DB = 'transcript-lens-secrets';
export const SECRET_STORE = 'secrets';

export type SecretStore = {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
};

export function openSecretStore(factory: IDBFactory = globalThis.indexedDB): SecretStore {
  let opened: Promise<IDBPDatabase> | undefined;
  const db = () => {
    if (!opened) {
      const request = factory.open(SECRET_DB, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(SECRET_STORE);
      opened = wrap(request).then((database) => {
        if (!database) throw new Error(t('background.error.noStorage'));
        return database;
      });
    }
    return opened;
  };
  return {
    async get(key) {
      const value: unknown = await (await db()).get(SECRET_STORE, key);
      return typeof value === 'string' ? value : undefined;
    },
    async set(key, value) {
      await (await db()).put(SECRET_STORE, value, key);
    },
  };
}
