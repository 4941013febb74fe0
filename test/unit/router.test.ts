import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../utils/protocol/envelope';
import { classifySender, createRouter } from '../../utils/protocol/receive';

const EXT = 'abcdefghijklmnopabcdefghijklmnop';
const ORIGIN = `chrome-extension://${EXT}/`;
const youtubeTab = { id: 4, url: 'https://www.youtube.com/watch?v=tvaHuman001' };
const contentSender = { id: EXT, url: youtubeTab.url, tab: youtubeTab };
const popupSender = { id: EXT, url: `${ORIGIN}popup.html` };

describe('classifySender', () => {
  it.each([
    ['content script on a YouTube watch page', contentSender, 'content'],
    [
      'content script on mobile YouTube',
      { id: EXT, url: 'https://m.youtube.com/', tab: { url: 'https://m.youtube.com/' } },
      'content',
    ],
    ['popup page', popupSender, 'page'],
    [
      'options page in a tab',
      { id: EXT, url: `${ORIGIN}options.html`, tab: { id: 9, url: `${ORIGIN}options.html` } },
      'page',
    ],
    ['another extension', { id: 'otherextensionidotherextensionid', url: youtubeTab.url, tab: youtubeTab }, 'unknown'],
    [
      'our content script on another site',
      { id: EXT, url: 'https://evil.example/', tab: { url: 'https://evil.example/' } },
      'unknown',
    ],
    [
      'look-alike host',
      { id: EXT, url: 'https://www.youtube.com.evil.example/', tab: { url: 'https://www.youtube.com.evil.example/' } },
      'unknown',
    ],
    [
      'plain http YouTube',
      { id: EXT, url: 'http://www.youtube.com/', tab: { url: 'http://www.youtube.com/' } },
      'unknown',
    ],
    ['no id at all', { url: youtubeTab.url, tab: youtubeTab }, 'unknown'],
    [
      'frame claiming the extension origin from a web tab',
      { id: EXT, url: 'https://evil.example/', tab: {} },
      'unknown',
    ],
    ['the browser-set origin wins over the url', { id: EXT, origin: ORIGIN.slice(0, -1), tab: {} }, 'page'],
    [
      'a YouTube url with another origin',
      { id: EXT, url: youtubeTab.url, origin: 'https://evil.example', tab: youtubeTab },
      'unknown',
    ],
    ['an opaque origin', { id: EXT, origin: 'null', url: youtubeTab.url, tab: youtubeTab }, 'unknown'],
    ['our content script in a YouTube subframe', { ...contentSender, frameId: 3 }, 'unknown'],
    ['our content script in the top frame', { ...contentSender, frameId: 0 }, 'content'],
    [
      'the panel frame in a YouTube tab',
      { id: EXT, origin: ORIGIN.slice(0, -1), url: `${ORIGIN}panel-frame.html#token`, frameId: 5, tab: youtubeTab },
      'frame',
    ],
    ['the panel frame opened alone', { id: EXT, url: `${ORIGIN}panel-frame.html`, tab: { id: 9 } }, 'frame'],
  ])('%s → %s', (_name, sender, expected) => {
    expect(classifySender(sender, EXT, ORIGIN)).toBe(expected);
  });
});

describe('router', () => {
  const handlers = () => ({
    content: vi.fn(async () => ok('content handled')),
    page: vi.fn(async () => ok('page handled')),
  });

  it('hands a valid content message from a YouTube tab to the content handler', async () => {
    const h = handlers();
    const reply = await createRouter(h, EXT, ORIGIN)({ type: 'hello', videoId: 'tvaHuman001' }, contentSender);
    expect(reply).toEqual({ ok: true, data: 'content handled' });
  });

  it('rejects page-only messages from a content script, and changes nothing', async () => {
    const h = handlers();
    const reply = await createRouter(h, EXT, ORIGIN)({ type: 'ping' }, contentSender);
    expect(reply).toMatchObject({ ok: false, error: { code: 'bad_message' } });
    expect(h.page).not.toHaveBeenCalled();
    expect(h.content).not.toHaveBeenCalled();
  });

  it.each([
    ['a malformed video id', { type: 'hello', videoId: '../../etc' }],
    ['an extra field', { type: 'hello', videoId: 'tvaHuman001', url: 'https://evil.example' }],
    ['an unknown type', { type: 'fetch', url: 'https://evil.example' }],
    ['not an object', 'hello'],
    ['null', null],
  ])('rejects %s', async (_name, message) => {
    const h = handlers();
    const reply = await createRouter(h, EXT, ORIGIN)(message, contentSender);
    expect(reply).toMatchObject({ ok: false, error: { code: 'bad_message' } });
    expect(h.content).not.toHaveBeenCalled();
  });

  const frameSender = { id: EXT, url: `${ORIGIN}panel-frame.html#token`, frameId: 5, tab: youtubeTab };

  it('hands the panel frame’s content messages to the content handler', async () => {
    const h = handlers();
    const reply = await createRouter(h, EXT, ORIGIN)({ type: 'hello', videoId: 'tvaHuman001' }, frameSender);
    expect(reply).toEqual({ ok: true, data: 'content handled' });
  });

  it.each([
    ['settings.set', { type: 'settings.set', patch: { autoLoadTranscripts: true } }],
    ['token.clear', { type: 'token.clear' }],
    ['cache.clear', { type: 'cache.clear' }],
    ['library.remove', { type: 'library.remove', videoIds: ['tvaHuman001'] }],
  ])('refuses the extension pages’ %s from the panel frame, which a YouTube page embeds', async (_name, message) => {
    const h = handlers();
    const reply = await createRouter(h, EXT, ORIGIN)(message, frameSender);
    expect(reply).toMatchObject({ ok: false, error: { code: 'bad_message' } });
    expect(h.page).not.toHaveBeenCalled();
    expect(h.content).not.toHaveBeenCalled();
  });

  it('refuses any message from an unknown sender', async () => {
    const h = handlers();
    const reply = await createRouter(
      h,
      EXT,
      ORIGIN,
    )({ type: 'ping' }, { id: 'someone-else', url: 'https://evil.example/' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect(h.page).not.toHaveBeenCalled();
  });

  it('turns a throwing handler into an error reply', async () => {
    const router = createRouter(
      {
        content: async () => {
          throw new Error('boom');
        },
        page: async () => ok(null),
      },
      EXT,
      ORIGIN,
    );
    expect(await router({ type: 'hello', videoId: 'tvaHuman001' }, contentSender)).toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
  });
});
