import 'fake-indexeddb/auto'; // idb recognises IndexedDB objects by the global classes
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonByteLength, openCache } from '../../utils/cache';

/**
 * A transcript's cues are stored packed (utils/cache/packed.ts): what is read back is what was stored, the budget
 * counts the value's own JSON, and values stored before (or not packable) read as they were.
 */
let factory: IDBFactory;
const open = () => openCache({ indexedDB: factory, dbName: 'packed' });

beforeEach(() => {
  factory = new IDBFactory();
});

const transcript = (id: string) => ({
  status: 'ok',
  videoId: id,
  fetchedAt: 1_700_000_000_000,
  title: 'Cues <b>&</b> "quotes"',
  language: 'English',
  languageCode: 'en',
  isGenerated: false,
  text: 'all of it',
  segments: [
    { text: 'héllo 🎬 wörld', start: 0, duration: 1.5 },
    { text: '', start: 0.1 + 0.2, duration: 0 },
    { text: 'line one\nline two', start: -0, duration: 1e-9 },
    { text: '\ud800 lone, 中文', start: 36_000.123456789, duration: Number.MAX_VALUE },
  ],
});

/** The value as IndexedDB holds it, read around the cache. */
async function raw(kind: string, key: string): Promise<Record<string, unknown>> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open('packed');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const entry = await new Promise<{ value: Record<string, unknown> }>((resolve, reject) => {
    const request = db.transaction('entries').objectStore('entries').get([kind, key]);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  db.close();
  return entry.value;
}

describe("a transcript's cues in the cache", () => {
  it('read back exactly as stored, by put, putMany and putAll, and counted at their JSON size', async () => {
    const cache = await open();
    const [a, b, c] = [transcript('a'), transcript('b'), transcript('c')];
    await cache.put('transcript', 'a:en', a);
    await cache.putMany('transcript', [{ key: 'b:en', value: b }]);
    await cache.putAll([{ kind: 'transcript', key: 'c:en', from: () => c }]);
    for (const [key, value] of [
      ['a:en', a],
      ['b:en', b],
      ['c:en', c],
    ] as const) {
      const entry = await cache.peek('transcript', key);
      // toEqual tells -0 from 0: every number is the one stored.
      expect(entry?.value).toEqual(value);
      expect(entry?.bytes).toBe(jsonByteLength(value));
    }
    cache.close();
  });

  it('are stored as a few blocks, not an object per cue', async () => {
    const cache = await open();
    await cache.put('transcript', 'a:en', transcript('a'));
    cache.close();
    const stored = await raw('transcript', 'a:en');
    expect(stored.segments).toBeUndefined();
    expect(stored.packedSegments).toMatchObject({
      starts: expect.any(Float64Array),
      durations: expect.any(Float64Array),
      lengths: expect.any(Uint32Array),
      texts: 'héllo 🎬 wörldline one\nline two\ud800 lone, 中文',
    });
    expect(stored.title).toBe('Cues <b>&</b> "quotes"');
  });

  it('leave other kinds, and cues that are not exactly text, start and duration, as they are', async () => {
    const cache = await open();
    const odd = { ...transcript('odd'), segments: [{ text: 'x', start: 1, duration: 2, speaker: 'A' }] };
    const late = { ...transcript('late'), segments: [{ text: 'x', start: '1', duration: 2 }] };
    await cache.put('transcript', 'odd:en', odd);
    await cache.put('transcript', 'late:en', late);
    await cache.put('answers', 'acct:job', transcript('answer'));
    cache.close();
    expect((await raw('transcript', 'odd:en')).segments).toEqual(odd.segments);
    expect((await raw('transcript', 'late:en')).segments).toEqual(late.segments);
    expect((await raw('answers', 'acct:job')).segments).toEqual(transcript('answer').segments);
    const again = await open();
    expect((await again.get('transcript', 'odd:en'))?.value).toEqual(odd);
    expect((await again.get('answers', 'acct:job'))?.value).toEqual(transcript('answer'));
    again.close();
  });

  it('stored before they were packed read as they were; a damaged pack reads as no cues, never as wrong ones', async () => {
    const cache = await open();
    cache.close();
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open('packed');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const entry = { storedAt: 1, lastUsed: 1, bytes: 10 };
    const damaged = { ...transcript('bad'), segments: undefined, packedSegments: { texts: 'abc' } };
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('entries', 'readwrite');
      tx.objectStore('entries').put({ kind: 'transcript', key: 'old:en', value: transcript('old'), ...entry });
      tx.objectStore('entries').put({ kind: 'transcript', key: 'bad:en', value: damaged, ...entry });
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
    const again = await open();
    expect((await again.get('transcript', 'old:en'))?.value).toEqual(transcript('old'));
    expect((await again.get('transcript', 'bad:en'))?.value).toMatchObject({ videoId: 'bad', segments: [] });
    again.close();
  });
});
