import { storage } from 'wxt/utils/storage';

/**
 * The API token. The background reads it for every call; the options page reads it only when the person
 * clicks "Reveal token in snippet". Content scripts never import this file (a test checks their bundle),
 * and storage.local is closed to them where the browser supports access levels (see lockStorage).
 */
export const tokenItem = storage.defineItem<string>('local:apiToken', { fallback: '', version: 1 });

export async function readToken(): Promise<string> {
  const value: unknown = await tokenItem.getValue();
  return typeof value === 'string' ? value.trim() : '';
}

/** Tokens are opaque; reject only what cannot be sent in a header. */
export function isPlausibleToken(token: string): boolean {
  return token.length > 0 && token.length <= 4096 && /^[\x21-\x7e]+$/.test(token);
}
