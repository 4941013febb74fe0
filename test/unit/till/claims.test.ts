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
});
