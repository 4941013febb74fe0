import { describe, expect, it } from 'vitest';
import { createClaims } from '../../../entrypoints/background/till/claims';
import { createListingClaims, type ListingAfter } from '../../../entrypoints/background/till/listing-claims';
import type { ChannelResponse } from '../../../utils/api/read/channels';

/** A service that answers each request when the test says so, and a store of what was kept. */
function world() {
  const sent: string[][] = [];
  const answers: (() => void)[] = [];
  const kept = new Map<string, number>();
  let clock = 0;
  const send = (channels: string[]) => {
    sent.push(channels);
    return new Promise<ChannelResponse>((resolve) => {
      answers.push(() => resolve({ results: [] } as unknown as ChannelResponse));
    });
  };
  const after = (): ListingAfter => {
    const askedAt = ++clock;
    return {
      listedMeanwhile: async (c) => (kept.get(c) ?? 0) >= askedAt,
      keep: async (_response, channels) => {
        for (const c of channels) kept.set(c, ++clock);
      },
    };
  };
  const answerNext = async () => {
    await flush();
    answers.shift()?.();
    await flush();
  };
  return { sent, kept, send, after, answerNext, pending: () => answers.length };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('till: listings held per channel across paths', () => {
  it('a single listing and a several-channels request carrying it at once: the channel is sent once', async () => {
    const w = world();
    const listings = createListingClaims(createClaims());
    const single = listings.buy('acct', ['@a'], w.after(), w.send);
    const several = listings.buy('acct', ['@a', '@b'], w.after(), w.send);
    await w.answerNext();
    await w.answerNext();
    expect(w.sent).toEqual([['@a'], ['@b']]);
    expect((await single).sent).toEqual(['@a']);
    expect((await several).sent).toEqual(['@b']);
    expect(w.pending()).toBe(0);
  });

  it('the other way round: the single listing waits for the several and sends nothing', async () => {
    const w = world();
    const listings = createListingClaims(createClaims());
    const several = listings.buy('acct', ['@a', '@b'], w.after(), w.send);
    const single = listings.buy('acct', ['@a'], w.after(), w.send);
    await w.answerNext();
    await flush();
    expect(w.sent).toEqual([['@a', '@b']]);
    expect(w.pending()).toBe(0);
    expect((await several).sent).toEqual(['@a', '@b']);
    expect(await single).toEqual({ sent: [], response: null });
  });

  it('two several-channels requests that share channels neither deadlock nor send a channel twice', async () => {
    const w = world();
    const listings = createListingClaims(createClaims());
    const one = listings.buy('acct', ['@a', '@b'], w.after(), w.send);
    const two = listings.buy('acct', ['@b', '@c'], w.after(), w.send);
    const three = listings.buy('acct', ['@c', '@a'], w.after(), w.send);
    for (let i = 0; i < 3; i++) await w.answerNext();
    const all = [await one, await two, await three];
    const sentChannels = w.sent.flat().sort();
    expect(sentChannels).toEqual(['@a', '@b', '@c']);
    expect(all.map((b) => b.sent.length).reduce((x, y) => x + y)).toBe(3);
  });

  it('a purchase that waited and found the other failed (nothing kept) buys the channel itself', async () => {
    const w = world();
    const listings = createListingClaims(createClaims());
    const failing = listings.buy('acct', ['@a'], { listedMeanwhile: async () => false, keep: async () => {} }, () =>
      Promise.reject(new Error('dropped')),
    );
    const later = listings.buy('acct', ['@a'], w.after(), w.send);
    await expect(failing).rejects.toThrow('dropped');
    await w.answerNext();
    expect(w.sent).toEqual([['@a']]);
    expect((await later).sent).toEqual(['@a']);
  });

  it('one channel asked as @handle and as UC… at once, its id not known yet: listed once', async () => {
    const w = world();
    const listings = createListingClaims(createClaims());
    // The two forms are one channel: what is kept under one is found under the other (aliases, by channel id).
    const same = (after: ListingAfter): ListingAfter => ({
      listedMeanwhile: async () => (await after.listedMeanwhile('@a')) || (await after.listedMeanwhile('UCa')),
      keep: after.keep,
    });
    const byHandle = listings.buy('acct', ['@a'], same(w.after()), w.send);
    const byId = listings.buy('acct', ['UCa'], same(w.after()), w.send);
    await w.answerNext();
    await w.answerNext();
    expect(w.sent).toEqual([['@a']]);
    expect(await byId).toEqual({ sent: [], response: null });
    expect((await byHandle).sent).toEqual(['@a']);
  });

  it('another account buys its own listing of the same channel', async () => {
    const w = world();
    const listings = createListingClaims(createClaims());
    const mine = listings.buy('acct', ['@a'], w.after(), w.send);
    const theirs = listings.buy('other', ['@a'], w.after(), w.send);
    await w.answerNext();
    await w.answerNext();
    expect(w.sent).toEqual([['@a'], ['@a']]);
    await Promise.all([mine, theirs]);
  });
});
