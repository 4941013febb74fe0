// The IndexedDB steps the bench's `worker.evaluate` callbacks share, evaluated in the extension's service worker
// as one global by test/bench/worker-idb.ts (once per worker: `??=`; a worker started again gets it again). A
// plain script read as text: no imports, and no names the bench's TypeScript loader would wrap in its helpers.
globalThis.__tlBenchIdb ??= {
  /** A request's result, or its error. */
  result(request) {
    return new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  },
  open(name) {
    return this.result(indexedDB.open(name));
  },
  /** Null when the database is not there: opening it would make an empty one the extension then fails to upgrade. */
  async openIfThere(name) {
    return (await indexedDB.databases()).some((d) => d.name === name) ? this.open(name) : null;
  },
  /**
   * A readwrite transaction over the cache's entries whose change count moves in it, as the extension's own
   * writes move it (utils/cache/db.ts), so its library sees the change.
   */
  counted(db) {
    const tx = db.transaction(['entries', 'changes'], 'readwrite');
    const changes = tx.objectStore('changes');
    const count = changes.get('count');
    count.onsuccess = () => changes.put((count.result ?? 0) + 1, 'count');
    return tx;
  },
  /** Resolves when the transaction is written. */
  done(tx) {
    return new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
  },
  drop(name) {
    return this.result(indexedDB.deleteDatabase(name));
  },
};
