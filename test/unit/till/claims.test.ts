import { describe, expect, it } from 'vitest';
import { createClaims } from '../../../entrypoints/background/till/claims';

describe('what is being bought, account-wide', () => {
  it('a second purchase of a held item holds only the rest, and waits for the first to settle', async () => {
    const claims = createClaims();
    const first = claims.hold(['a', 'b']);
    expect(first.held).toEqual(['a', 'b']);
    const second = claims.hold(['b', 'c']);
    expect(second.held).toEqual(['c']);
    expect(claims.busy(['a', 'b', 'c', 'd'])).toEqual(['a', 'b', 'c']);
    let settled = false;
    const waiting = claims.settled(['b']).then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    first.release();
    await waiting;
    expect(settled).toBe(true);
    expect(claims.busy(['a', 'b', 'c'])).toEqual(['c']);
  });

  it('releasing twice never frees a later purchase of the same item', () => {
    const claims = createClaims();
    const first = claims.hold(['a']);
    first.release();
    const second = claims.hold(['a']);
    first.release();
    expect(claims.busy(['a'])).toEqual(['a']);
    second.release();
    expect(claims.size()).toBe(0);
  });

  it('a watch hears the items held after it began, by anyone, until stopped', () => {
    const claims = createClaims();
    const before = claims.hold(['a']);
    const watch = claims.watch();
    // Held before the watch began: not taken since (it is still held, or saved once released).
    expect(watch.taken('a')).toBe(false);
    claims.hold(['a', 'b']).release();
    before.release();
    expect(watch.taken('a')).toBe(false);
    expect(watch.taken('b')).toBe(true);
    watch.stop();
    claims.hold(['c']);
    expect(watch.taken('c')).toBe(false);
  });
});
