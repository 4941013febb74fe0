import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ConsentError, MAX_QUOTES_PER_TAB, QUOTE_TTL_MS, quotes } from '../../entrypoints/background/consent/quotes';

const where = { tabId: 4, account: 'acct', videoId: 'tvaHuman001' };
const analysis = { kind: 'analysis', mode: 'smart', partial: false, aiUnits: 33, guardNeeded: false } as const;

describe('consent tickets (quotes)', () => {
  beforeEach(() => fakeBrowser.reset());

  it('are taken once, for the purchase, tab, account and video they were issued for', async () => {
    const id = await quotes.issue({ ...where, purchase: analysis });
    expect(await quotes.take(id, { ...where, kind: 'analysis' })).toEqual(analysis);
    await expect(quotes.take(id, { ...where, kind: 'analysis' })).rejects.toBeInstanceOf(ConsentError);
  });

  it.each([
    ['another tab', { ...where, tabId: 5, kind: 'analysis' as const }],
    ['another account', { ...where, account: 'other', kind: 'analysis' as const }],
    ['another video', { ...where, videoId: 'tvaAutoGen1', kind: 'analysis' as const }],
    ['another purchase', { ...where, kind: 'ask' as const }],
  ])('refuse %s, and are used up by the attempt', async (_what, expected) => {
    const id = await quotes.issue({ ...where, purchase: analysis });
    await expect(quotes.take(id, expected)).rejects.toBeInstanceOf(ConsentError);
    await expect(quotes.take(id, { ...where, kind: 'analysis' })).rejects.toBeInstanceOf(ConsentError);
  });

  it('refuse an unknown or expired ticket', async () => {
    await expect(quotes.take('made-up', { ...where, kind: 'ask' })).rejects.toThrow(/no longer valid/);
    const id = await quotes.issue({ ...where, purchase: { kind: 'ask' } }, Date.now() - QUOTE_TTL_MS - 1);
    await expect(quotes.take(id, { ...where, kind: 'ask' })).rejects.toThrow(/expired/);
  });

  it('are capped per tab: a page pushing through videos drops only its own older quotes', async () => {
    const other = await quotes.issue({ ...where, tabId: 9, purchase: analysis });
    const first = await quotes.issue({ ...where, purchase: { kind: 'ask' } });
    for (let i = 0; i < MAX_QUOTES_PER_TAB + 20; i++) await quotes.issue({ ...where, purchase: { kind: 'ask' } });
    await expect(quotes.take(first, { ...where, kind: 'ask' })).rejects.toBeInstanceOf(ConsentError);
    expect(await quotes.take(other, { ...where, tabId: 9, kind: 'analysis' })).toEqual(analysis);
  });
});
