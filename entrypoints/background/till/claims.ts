/**
 * What is being bought right now, account-wide: a transcript by video, listings one at a time, a search by video
 * and words, an analysis by video, a question by job and words. Whoever wants an item another purchase holds
 * waits for it instead of buying it, then looks again at what is saved. Two bulk runs over the same videos, or
 * a panel's Load while a batch carries that video, buy each video once.
 */
export function createClaims() {
  const held = new Map<string, { done: Promise<void>; release: () => void }>();
  const watchers = new Set<(keys: readonly string[]) => void>();

  return {
    /** The keys another purchase holds now. */
    busy(keys: readonly string[]): string[] {
      return keys.filter((k) => held.has(k));
    },
    /** Resolves once none of these keys is held (those held now have been released). */
    async settled(keys: readonly string[]): Promise<void> {
      for (;;) {
        const waiting = keys.flatMap((k) => held.get(k)?.done ?? []);
        if (waiting.length === 0) return;
        await Promise.all(waiting);
      }
    },
    /**
     * Holds the keys no one holds and returns them with their release; call it with no await between the
     * check and the hold (JavaScript runs it in one go).
     */
    hold(keys: readonly string[]): { held: string[]; release: () => void } {
      const mine = [...new Set(keys)].filter((k) => !held.has(k));
      for (const note of watchers) note(mine);
      const entries = mine.map((k) => {
        let release: () => void = () => {};
        const done = new Promise<void>((resolve) => {
          release = resolve;
        });
        const entry = { done, release };
        held.set(k, entry);
        return [k, entry] as const;
      });
      return {
        held: mine,
        release() {
          // Only our own holds: a key released twice must not free someone else's later hold.
          for (const [k, entry] of entries) {
            entry.release();
            if (held.get(k) === entry) held.delete(k);
          }
        },
      };
    },
    /**
     * The keys held from now on, by any purchase, until `stop`: what was bought since a look at what is saved.
     * A purchase keeps its hold until what it delivered is saved, so a key held before the watch began is either
     * still held or saved already.
     */
    watch(): { taken: (key: string) => boolean; stop: () => void } {
      const taken = new Set<string>();
      const note = (keys: readonly string[]) => {
        for (const k of keys) taken.add(k);
      };
      watchers.add(note);
      return { taken: (key) => taken.has(key), stop: () => void watchers.delete(note) };
    },
    size: () => held.size,
  };
}

export type Claims = ReturnType<typeof createClaims>;

export const claimKey = {
  transcript: (account: string, videoId: string) => `transcript:${account}:${videoId}`,
  /** Every listing of an account: one purchase at a time (./listing-claims.ts says why). */
  listings: (account: string) => `listings:${account}`,
  search: (account: string, videoId: string, what: string) => `search:${account}:${videoId}:${what}`,
  range: (account: string, videoId: string, from: number, to: number) => `range:${account}:${videoId}:${from}-${to}`,
  analysis: (account: string, videoId: string) => `analysis:${account}:${videoId}`,
  ask: (account: string, jobId: number, question: string) => `ask:${account}:${jobId}:${question}`,
};
