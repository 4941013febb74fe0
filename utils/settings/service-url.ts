import { t } from '../i18n/catalogue';
/**
 * The one rule for where the API token may be sent, used by the options page (to explain) and by the
 * background (to refuse): https only; plain http only to this machine, and only in test and development
 * builds (the local service). Production builds never send the token over plain http.
 */
export type AddressCheck = { ok: true; url: string; origin: string } | { ok: false; error: string };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Vitest runs in mode "test"; `wxt build --mode e2e` is the test build; `wxt` dev is "development". */
export const LOOPBACK_HTTP_ALLOWED: boolean = import.meta.env.MODE !== 'production';

export function checkServiceUrl(text: string, example: string, loopbackHttp = LOOPBACK_HTTP_ALLOWED): AddressCheck {
  const trimmed = typeof text === 'string' ? text.trim() : '';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, error: t('background.address.full', { example }) };
  }
  if (url.protocol === 'http:' && !(loopbackHttp && LOOPBACK.has(url.hostname))) {
    return {
      ok: false,
      error: loopbackHttp ? t('background.address.httpsLoopback') : t('background.address.https'),
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, error: t('background.address.full', { example }) };
  }
  if (url.username || url.password || url.search || url.hash) {
    return { ok: false, error: t('background.address.only', { example }) };
  }
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, '')}`, origin: url.origin };
}

/** The origin pattern a host permission for this service address needs. */
export function originPattern(serviceUrl: string): string {
  const url = new URL(serviceUrl);
  return `${url.protocol}//${url.hostname}/*`;
}
