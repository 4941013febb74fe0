/**
 * Closes storage.local to content scripts (Chrome 102+/140+ via setAccessLevel): the token lives there.
 * Firefox has no access levels: there the token is kept out of storage.local altogether (utils/account/secrets.ts),
 * so nothing in storage.local is secret. Returns whether storage.local was closed.
 */
export async function lockStorage(): Promise<boolean> {
  const local = (globalThis as { chrome?: { storage?: { local?: { setAccessLevel?: (o: object) => Promise<void> } } } })
    .chrome?.storage?.local;
  if (!local?.setAccessLevel) return false;
  try {
    await local.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
    return true;
  } catch {
    // Older Chrome: not supported.
    return false;
  }
}
