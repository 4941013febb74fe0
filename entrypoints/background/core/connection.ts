import { browser } from 'wxt/browser';
import { readToken } from '../../../utils/account/secrets';
import { ServiceError } from '../../../utils/api/errors';
import { t } from '../../../utils/i18n/catalogue';
import { resolveLocale } from '../../../utils/i18n/load';
import { LANGUAGE_KEY } from '../../../utils/i18n/preference';
import { serviceLanguage } from '../../../utils/i18n/service-lang';
import { readSettings, type Settings } from '../../../utils/settings';
import { originPattern } from '../../../utils/settings/service-url';

const NOT_PERMITTED = (origin: string) => t('background.error.notPermitted', { origin });

/** What `connection` reads, by storage area: a change to one of them (by any page) makes it read again. */
const CONNECTION_KEYS: Readonly<Record<string, readonly string[]>> = {
  local: ['settings', 'apiToken'],
  sync: [LANGUAGE_KEY],
};

export type Connection = { settings: Settings; token: string };

/**
 * The service's address, the settings and the token, read once and kept in this worker's memory (never outside
 * it) until one of them changes; `sendable` only where the browser granted the address's host permission.
 */
export function createConnection() {
  async function readConnection(): Promise<Connection> {
    const [settings, token, locale] = await Promise.all([readSettings(), readToken(), resolveLocale()]);
    return { settings: { ...settings, language: serviceLanguage(settings.language, locale) }, token };
  }

  /**
   * The connection as last read, until storage says one of its keys changed or this worker writes one
   * (forgetConnection). Every watch page's first question waited for three storage reads, 3–30 ms each time
   * on a two-core machine busy with the navigation (docs/benchmarks.md).
   */
  let known: Promise<Connection> | null = null;
  const forgetConnection = () => {
    known = null;
  };
  browser.storage.onChanged.addListener((changes, area) => {
    if (CONNECTION_KEYS[area]?.some((key) => key in changes)) forgetConnection();
  });

  /** The settings as requests use them: `language` resolved to a code (the interface's by default). */
  async function connection(): Promise<Connection> {
    if (!known) {
      const reading = readConnection();
      known = reading;
      // A failed read is not kept: the next call tries again.
      reading.catch(() => {
        if (known === reading) known = null;
      });
    }
    const { settings, token } = await known;
    return { settings: { ...settings }, token };
  }

  /** The token goes only to an address the person saved and whose host permission the browser granted. */
  async function sendable(): Promise<{ settings: Settings; token: string }> {
    const found = await connection();
    const pattern = originPattern(found.settings.serviceUrl);
    const granted = await browser.permissions.contains({ origins: [pattern] }).catch(() => false);
    if (!granted) throw new ServiceError(0, 'not_permitted', NOT_PERMITTED(new URL(found.settings.serviceUrl).origin));
    return found;
  }

  return { connection, forgetConnection, sendable };
}
