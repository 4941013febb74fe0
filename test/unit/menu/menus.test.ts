import { beforeEach, describe, expect, it } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  createMenus,
  MENU_CHANNEL,
  MENU_LINK,
  MENU_PAGE,
  videoOfClick,
} from '../../../entrypoints/background/menu/menu';
import { channelFromPageUrl } from '../../../utils/channel/ref';
import { anyPattern } from '../../match-pattern';

type Item = Browser.contextMenus.CreateProperties;
/** A right-click as Chrome describes it to the menus API: on a link, on the page, or on the player's video. */
type Click = { context: 'link'; linkUrl: string; pageUrl: string } | { context: 'page' | 'video'; pageUrl: string };

const ID = 'dQw4w9WgXcQ';
const UC = 'UCuAXFkgsw1L7xaCfnd5JJOw';
const ELSEWHERE = 'https://news.example/a-post-with-links';

let calls: string[];
let items: Item[];

beforeEach(async () => {
  fakeBrowser.reset();
  calls = [];
  items = [];
  // The fake browser has no menus: these record what the extension asks Chrome to register.
  fakeBrowser.contextMenus.removeAll = async () => {
    calls.push('removeAll');
  };
  fakeBrowser.contextMenus.create = (properties: Item) => {
    calls.push(`create ${properties.id}`);
    items.push(properties);
    return properties.id ?? '';
  };
  await createMenus();
});

/** The ids of the items Chrome shows for a click: the context, the page's URL, the link's URL must all fit. */
function shown(click: Click): string[] {
  return items
    .filter((item) => (item.contexts ?? ['page']).some((c) => c === click.context || c === 'all'))
    .filter((item) => anyPattern(item.documentUrlPatterns, click.pageUrl))
    .filter((item) => click.context !== 'link' || anyPattern(item.targetUrlPatterns, click.linkUrl))
    .map((item) => item.id ?? '');
}
const onLink = (linkUrl: string) => shown({ context: 'link', linkUrl, pageUrl: ELSEWHERE });

describe('the context menu as the background registers it', () => {
  it('clears what an earlier version registered, then makes three items with fixed ids', () => {
    expect(calls).toEqual(['removeAll', `create ${MENU_LINK}`, `create ${MENU_CHANNEL}`, `create ${MENU_PAGE}`]);
    expect(items.map(({ id, title, contexts }) => ({ id, title, contexts }))).toEqual([
      { id: 'tl-analyze-link', title: 'Analyze this video', contexts: ['link'] },
      { id: 'tl-channel-link', title: 'List this channel’s uploads', contexts: ['link'] },
      { id: 'tl-analyze-page', title: 'Analyze this video', contexts: ['page', 'video'] },
    ]);
  });

  // Links as YouTube's share buttons, its pages and older sites write them.
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/watch?v=${ID}&t=42s`,
    `https://www.youtube.com/watch?app=desktop&v=${ID}`,
    `https://youtube.com/watch?v=${ID}`,
    `http://www.youtube.com/watch?v=${ID}`,
    `https://m.youtube.com/watch?v=${ID}&feature=share`,
    `https://music.youtube.com/watch?v=${ID}&list=RDAMVM${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=Ab12Cd34Ef56Gh78&t=42`,
    `http://youtu.be/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://youtube.com/shorts/${ID}?si=Ab12Cd34Ef56Gh78`,
    `https://m.youtube.com/shorts/${ID}`,
    `https://www.youtube.com/live/${ID}`,
    `https://youtube.com/live/${ID}?feature=share`,
    `https://www.youtube.com/embed/${ID}?start=42`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
  ])('a link to a video, %s: "Analyze this video", and the click reads its id', (linkUrl) => {
    expect(onLink(linkUrl)).toEqual([MENU_LINK]);
    expect(videoOfClick({ menuItemId: MENU_LINK, linkUrl })).toBe(ID);
  });

  it.each([
    'https://www.youtube.com/@RickAstleyYT',
    'https://www.youtube.com/@RickAstleyYT/videos',
    'https://youtube.com/@RickAstleyYT',
    'https://m.youtube.com/@RickAstleyYT',
    `https://www.youtube.com/channel/${UC}`,
    `https://www.youtube.com/channel/${UC}/streams`,
    'https://www.youtube.com/c/RickAstleyVEVO',
    'https://www.youtube.com/user/RickAstleyVEVO',
    'http://www.youtube.com/user/RickAstleyVEVO',
  ])('a link to a channel, %s: "List this channel’s uploads", and the click reads the channel', (linkUrl) => {
    expect(onLink(linkUrl)).toEqual([MENU_CHANNEL]);
    expect(channelFromPageUrl(linkUrl.replace(/^http:/, 'https:'))).not.toBeNull();
  });

  it.each([
    'https://www.youtube.com/',
    'https://www.youtube.com/results?search_query=never+gonna',
    'https://www.youtube.com/playlist?list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI',
    `https://www.youtube.com/watch_videos?video_ids=${ID},9bZkp7q19f0`,
    'https://www.youtube.com/feed/subscriptions',
    `https://music.youtube.com/channel/${UC}`,
    `https://studio.youtube.com/video/${ID}/edit`,
    `https://example.com/watch?v=${ID}`,
    `https://notyoutube.com/watch?v=${ID}`,
    `https://www.youtube.com.evil.example/watch?v=${ID}`,
    `https://youtu.be.evil.example/${ID}`,
    'https://example.com/@RickAstleyYT',
    `ftp://www.youtube.com/watch?v=${ID}`,
  ])('a link elsewhere, %s: no item', (linkUrl) => {
    expect(onLink(linkUrl)).toEqual([]);
  });

  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/watch?v=${ID}&list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI&index=2`,
    `https://m.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://www.youtube.com/live/${ID}`,
  ])('on a video page, %s: "Analyze this video" on the page and on the player, for that video', (pageUrl) => {
    expect(shown({ context: 'page', pageUrl })).toEqual([MENU_PAGE]);
    expect(shown({ context: 'video', pageUrl })).toEqual([MENU_PAGE]);
    expect(videoOfClick({ menuItemId: MENU_PAGE, pageUrl })).toBe(ID);
  });

  it.each([
    'https://www.youtube.com/',
    'https://www.youtube.com/@RickAstleyYT/videos',
    'https://www.youtube.com/results?search_query=never+gonna',
    `https://music.youtube.com/watch?v=${ID}`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://example.com/watch?v=${ID}`,
  ])('on any other page, %s: no item for the page', (pageUrl) => {
    expect(shown({ context: 'page', pageUrl })).toEqual([]);
  });

  it('a link on a video page is about the link, not the page', () => {
    const pageUrl = `https://www.youtube.com/watch?v=${ID}`;
    expect(shown({ context: 'link', linkUrl: 'https://youtu.be/9bZkp7q19f0', pageUrl })).toEqual([MENU_LINK]);
  });
});
