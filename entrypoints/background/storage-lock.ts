/**
 * Closes storage.local to content scripts (Chrome 102+/140+ via setAccessLevel): the token lives there.
 * Browsers without access levels keep it closed to web pages anyway; content scripts never ask for it.
 */
export async function lockStorage(): Promise<void> {
  const local = (globalThis as { chrome?: { storage?: { local?: { setAccessLevel?: (o: object) => Promise<void> } } } })
    .chrome?.storage?.local;
  try {
    await local?.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' });
  } catch {
    // Firefox and older Chrome: not supported, nothing to lock.
  }
}
