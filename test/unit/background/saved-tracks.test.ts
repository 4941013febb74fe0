import { describe, expect, it } from 'vitest';
import type { Core } from '../../../entrypoints/background/core/core';
import { savedTitle, transcriptDuration } from '../../../entrypoints/background/saved/transcripts';

type Track = { title?: string; source?: string; segments: { text: string; start: number; duration: number }[] };

/** A keeper holding `saved` by key, logging every track it is asked for. */
function keeperOf(saved: Record<string, Track>) {
  const reads: string[] = [];
  const keeper = {
    keys: async (_kind: string, prefix: string) => Object.keys(saved).filter((k) => k.startsWith(prefix)),
    get: async (_kind: string, key: string) => {
      reads.push(key);
      const value = saved[key];
      return value === undefined ? null : { value, storedAt: 0, lastUsed: 0, bytes: 1 };
    },
  } as unknown as Core['keeper'];
  return { core: { keeper } as Pick<Core, 'keeper'> as never, reads };
}

const cue = (start: number, duration: number) => ({ text: 'x', start, duration });

describe('what the saved tracks of a video tell, read one track at a time', () => {
  it('the title: the first track that has one, and no track read after it', async () => {
    const { core, reads } = keeperOf({
      'vid:de': { segments: [cue(0, 1)] },
      'vid:en': { title: 'Talk', segments: [cue(0, 1)] },
      'vid:fr': { title: 'Exposé', segments: [cue(0, 1)] },
      'other:en': { title: 'Not this one', segments: [] },
    });
    expect(await savedTitle(core, 'vid')).toBe('Talk');
    expect(reads).toEqual(['vid:de', 'vid:en']);
    expect(await savedTitle(core, 'none')).toBeNull();
  });

  it('the length: the end of a delivered track’s last cue, an imported track never', async () => {
    const { core } = keeperOf({
      'vid:de': { source: 'import', segments: [cue(0, 5)] },
      'vid:en': { segments: [cue(0, 10), cue(290, 10)] },
    });
    expect(await transcriptDuration(core, 'vid')).toBe(300);
    const onlyImported = keeperOf({ 'vid:de': { source: 'import', segments: [cue(0, 5)] } });
    expect(await transcriptDuration(onlyImported.core, 'vid')).toBeNull();
  });
});
