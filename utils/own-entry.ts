/**
 * A record's own entry, never its prototype's. A key that comes from outside (a placeholder, a service's
 * code or string) may be `constructor`, `toString` or `__proto__`: read through the prototype it finds a
 * function or an object, which a view then writes or throws on.
 */
export const ownEntry = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;
