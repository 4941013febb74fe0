import { describe, expect, it, vi } from 'vitest';
import { createHandedLists } from '../../entrypoints/background/library/handed';
import { isListRef, listTitle, PASTED_REF, SELECTION_REF, WATCHLIST_REF } from '../../utils/channel/playlist-ref';
import { ok } from '../../utils/protocol/envelope';
import { createRouter } from '../../utils/protocol/receive';
import { ContentMessage, PageMessage } from '../../utils/protocol/requests';

const EXT = 'abcdefghijklmnopabcdefghijklmnop';
const ORIGIN = `chrome-extension://${EXT}/`;
const youtubeTab = { id: 4, url: 'https://www.youtube.com/watch?v=tvaHuman001' };
const contentSender = { id: EXT, url: youtubeTab.url, tab: youtubeTab };
const popupSender = { id: EXT, url: `${ORIGIN}popup.html` };
const hand = { type: 'lists.hand', name: 'TVA Demo uploads', videos: [{ id: 'tvaHuman001', title: 'Intro' }] };

describe('a watchlist’s uploads handed to the library page', () => {
  it('only the extension’s own pages may hand a list over or take it: a YouTube page’s script cannot', async () => {
    const handlers = { content: vi.fn(async () => ok('c')), page: vi.fn(async () => ok('p')) };
    const route = createRouter(handlers, EXT, ORIGIN);
    expect(await route(hand, contentSender)).toMatchObject({ ok: false, error: { code: 'bad_message' } });
    expect(await route({ type: 'lists.take' }, contentSender)).toMatchObject({ ok: false });
    expect(await route(hand, { id: 'another-extension', url: 'chrome-extension://x/popup.html' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden_sender' },
    });
    expect(handlers.page).not.toHaveBeenCalled();
    expect(await route(hand, popupSender)).toEqual({ ok: true, data: 'p' });
    expect(ContentMessage.safeParse(hand).success).toBe(false);
  });

  it.each([
    ['a bad id', { ...hand, videos: [{ id: '../etc', title: 'x' }] }],
    ['no video', { ...hand, videos: [] }],
    ['more than the bulk limit', { ...hand, videos: Array.from({ length: 501 }, () => hand.videos[0]) }],
    ['a title past the bound', { ...hand, videos: [{ id: 'tvaHuman001', title: 'x'.repeat(301) }] }],
    ['an extra field', { ...hand, url: 'https://evil.example' }],
  ])('refuses %s', (_name, message) => {
    expect(PageMessage.safeParse(message).success).toBe(false);
  });

  it('is taken once: a library page opened later by itself finds none', () => {
    const lists = createHandedLists();
    expect(lists.take()).toBeNull();
    lists.hand({ name: 'A', videos: [{ id: 'tvaHuman001', title: 'Intro' }] });
    lists.hand({ name: 'B', videos: [{ id: 'tvaAutoGen1', title: 'Two' }] });
    expect(lists.take()).toEqual({ name: 'B', videos: [{ id: 'tvaAutoGen1', title: 'Two' }] });
    expect(lists.take()).toBeNull();
  });
});

describe('the library page’s lists', () => {
  it('are lists (no channel listing behind them), each run called by what it is', () => {
    expect([PASTED_REF, WATCHLIST_REF, SELECTION_REF].map((ref) => [isListRef(ref), listTitle(ref)])).toEqual([
      [true, 'Pasted list'],
      [true, 'Watchlist uploads'],
      [true, 'Library selection'],
    ]);
    expect(isListRef('list:other')).toBe(false);
    expect(isListRef('list:__proto__')).toBe(false);
    expect(ContentMessage.safeParse({ type: 'bulk.current', channel: WATCHLIST_REF }).success).toBe(true);
    expect(ContentMessage.safeParse({ type: 'bulk.current', channel: 'list:other' }).success).toBe(false);
  });
});
