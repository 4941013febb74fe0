/**
 * The key that state bought with a token is filed under (jobs, analyses, answers): a short SHA-256 digest
 * of the token, never the token itself, so switching accounts never shows or prices one account's purchases
 * for another, and switching back finds them again.
 */
const known = new Map<string, string>();

export async function accountKey(token: string): Promise<string> {
  if (!token) return '';
  const hit = known.get(token);
  if (hit) return hit;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`transcript-lens:${token}`));
  const key = Array.from(new Uint8Array(digest).slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
  if (known.size > 20) known.clear();
  known.set(token, key);
  return key;
}

/** The end of a token, for a person to tell accounts apart ("…-pro"): 4 characters, only of tokens of 8 or more. */
export function tokenHint(token: string): string | null {
  return token.length >= 8 ? `…${token.slice(-4)}` : token.length > 0 ? '…' : null;
}
