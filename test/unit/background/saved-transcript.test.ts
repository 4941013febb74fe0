import { describe, expect, it } from 'vitest';
import type { Core } from '../../../entrypoints/background/core/core';
import { type SavedTranscript, savedTranscript } from '../../../entrypoints/background/saved/transcripts';

type Keeper = Core['keeper'];

const track = (languageCode: string) =>
  ({
    videoId: 'tvaHuman001',
    languageCode,
    segments: [{ text: languageCode, start: 0, duration: 1 }],
  }) as unknown as SavedTranscript;

/** A keeper whose key list answers only when the test says, logging every read. */
function slowKeys(saved: Record<string, SavedTranscript | undefined>, meta: Record<string, string> = {}) {
  const reads: string[] = [];
  let answerKeys = () => {};
  const keeper = {
    keys: (_kind: string, prefix: string) =>
      new Promise<string[]>((resolve) => {
        answerKeys = () => resolve(Object.keys(saved).filter((k) => k.startsWith(prefix)));
      }),
    get: async (kind: string, key: string) => {
      reads.push(`${kind} ${key}`);
      const value = kind === 'meta' ? meta[key] : saved[key];
      return value === undefined ? null : { value, storedAt: Date.now(), lastUsed: Date.now(), bytes: 1 };
    },
  } as unknown as Keeper;
  return { core: { keeper } as Pick<Core, 'keeper'> as never, reads, answerKeys: () => answerKeys() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a saved transcript, looked up for a watch page', () => {
  it('reads the asked language’s track beside the key list, not after it', async () => {
    const { core, reads, answerKeys } = slowKeys({ 'tvaHuman001:en': track('en') });
    const lookup = savedTranscript(core, 'tvaHuman001', 'en');
    await settle();
    expect(reads).toContain('transcript tvaHuman001:en');
    answerKeys();
    const found = await lookup;
    expect(found?.languageCode).toBe('en');
    expect(found?.otherTrack).toBe(false);
    // The track read once.
    expect(reads.filter((r) => r.startsWith('transcript'))).toEqual(['transcript tvaHuman001:en']);
  });

  it('reads the track this language fell back to before, after the key list, when that is another', async () => {
    const { core, reads, answerKeys } = slowKeys(
      { 'tvaHuman001:en': track('en'), 'tvaHuman001:es': track('es') },
      { 'fallback:tvaHuman001:en': 'es' },
    );
    const lookup = savedTranscript(core, 'tvaHuman001', 'en');
    await settle();
    answerKeys();
    const found = await lookup;
    expect(found?.languageCode).toBe('es');
    expect(found?.otherTrack).toBe(false);
    // The early read of the asked language's track goes unused; the wanted one is read after the list.
    expect(reads.filter((r) => r.startsWith('transcript'))).toEqual([
      'transcript tvaHuman001:en',
      'transcript tvaHuman001:es',
    ]);
  });

  it('a track saved while the lookup ran (in the key list, missed by the early read) is read again', async () => {
    const saved: Record<string, SavedTranscript | undefined> = {};
    const { core, answerKeys } = slowKeys(saved);
    const lookup = savedTranscript(core, 'tvaHuman001', 'en');
    await settle();
    saved['tvaHuman001:en'] = track('en');
    answerKeys();
    expect((await lookup)?.languageCode).toBe('en');
  });
});
