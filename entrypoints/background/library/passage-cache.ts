import type { PassageText } from '../../../utils/search';

/**
 * The passages read last, kept for the next searches: the page asks a search's first screen, then the whole of
 * it (the first screen's passages again), and a person retyping a word asks mostly the same ones. Some 1.4 kB a
 * passage: `room` 300 is about 0.4 MB. A write or drop forgets the video's passages and keeps no read begun
 * before it (its text may be the one replaced).
 */
export function createPassageCache(room = 300) {
  const kept = new Map<string, PassageText>();
  let epoch = 0;
  const keyOf = (videoId: string, n: number) => `${videoId}\u0000${n}`;
  return {
    /** The passage when kept, now the most recent. */
    get(videoId: string, n: number): PassageText | undefined {
      const key = keyOf(videoId, n);
      const passage = kept.get(key);
      if (passage) {
        kept.delete(key);
        kept.set(key, passage);
      }
      return passage;
    },
    /** Where the writes stood when a read began: `put` keeps what it read only if none came since. */
    epoch: (): number => epoch,
    put(since: number, videoId: string, n: number, passage: PassageText): void {
      if (since !== epoch) return;
      kept.set(keyOf(videoId, n), passage);
      for (const oldest of kept.keys()) {
        if (kept.size <= room) break;
        kept.delete(oldest);
      }
    },
    /** These videos' passages change or go (none named: every video's). */
    forget(videoIds?: readonly string[]): void {
      epoch++;
      if (!videoIds) {
        kept.clear();
        return;
      }
      const prefixes = videoIds.map((videoId) => `${videoId}\u0000`);
      for (const key of kept.keys()) if (prefixes.some((p) => key.startsWith(p))) kept.delete(key);
    },
  };
}
