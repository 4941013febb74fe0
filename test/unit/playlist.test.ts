// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { readPlaylistRows } from '../../components/channel/playlist-dom';
import {
  isPlaylistRef,
  listTitle,
  PASTED_REF,
  playlistFromPageUrl,
  playlistListId,
  watchPlaylistFromPageUrl,
} from '../../utils/channel/playlist-ref';
import { MAX_LISTED } from '../../utils/channel/replies';
import { ContentMessage as Request } from '../../utils/protocol/requests';

describe('playlistFromPageUrl', () => {
  it.each([
    ['https://www.youtube.com/playlist?list=PLabc_DEF-123', 'playlist:PLabc_DEF-123'],
    ['https://m.youtube.com/playlist?list=OLAK5uy_x&si=1', 'playlist:OLAK5uy_x'],
  ])('%s is %s', (href, ref) => {
    expect(playlistFromPageUrl(href)).toBe(ref);
    expect(isPlaylistRef(ref)).toBe(true);
  });

  it.each([
    'https://www.youtube.com/playlist',
    'https://www.youtube.com/playlist?list=',
    'https://www.youtube.com/playlist?list=a%20b',
    'https://www.youtube.com/playlist?list=<script>',
    `https://www.youtube.com/playlist?list=${'x'.repeat(65)}`,
    'https://www.youtube.com/watch?v=tvaHuman001&list=PLabc',
    'https://www.youtube.com/feed/playlists',
    'http://www.youtube.com/playlist?list=PLabc',
    'https://evil.example/playlist?list=PLabc',
    'not a url',
  ])('%s is no playlist page', (href) => {
    expect(playlistFromPageUrl(href)).toBeNull();
  });

  it('a reference is a list id after `playlist:`, nothing else', () => {
    expect(playlistListId('playlist:PLabc')).toBe('PLabc');
    expect(playlistListId('@tvademo')).toBeNull();
    expect(isPlaylistRef('playlist:')).toBe(false);
    expect(isPlaylistRef('playlist:PL abc')).toBe(false);
  });

  it('a run of a list is called by what it is', () => {
    expect(listTitle('playlist:PLabc')).toBe('Playlist PLabc');
    expect(listTitle(PASTED_REF)).toBe('Pasted list');
  });
});

describe('watchPlaylistFromPageUrl: a video played in a playlist', () => {
  it('names the same playlist as its page', () => {
    expect(watchPlaylistFromPageUrl('https://www.youtube.com/watch?v=tvaHuman001&list=PLabc_DEF-1&index=2')).toBe(
      playlistFromPageUrl('https://www.youtube.com/playlist?list=PLabc_DEF-1'),
    );
  });
  it.each([
    'https://www.youtube.com/watch?v=tvaHuman001',
    'https://www.youtube.com/watch?v=tvaHuman001&list=',
    'https://www.youtube.com/watch?v=tvaHuman001&list=a%20b',
    'https://www.youtube.com/playlist?list=PLabc',
    'https://www.youtube.com/shorts/tvaHuman001?list=PLabc',
    'https://evil.example/watch?v=tvaHuman001&list=PLabc',
    'http://www.youtube.com/watch?v=tvaHuman001&list=PLabc',
  ])('%s offers no playlist', (href) => {
    expect(watchPlaylistFromPageUrl(href)).toBeNull();
  });
});

describe('the background takes a playlist only where a bulk selection may come from', () => {
  const ids = ['tvaHuman001'];
  it('a bulk quote, run, archive and search take it', () => {
    expect(Request.safeParse({ type: 'bulk.quote', channel: 'playlist:PLabc', ids }).success).toBe(true);
    expect(Request.safeParse({ type: 'bulk.current', channel: 'playlist:PLabc' }).success).toBe(true);
    const archive = {
      type: 'bulk.archive',
      channel: 'playlist:PLabc',
      ids,
      format: 'srt',
      titles: { tvaHuman001: 'A' },
    };
    expect(Request.safeParse(archive).success).toBe(true);
    expect(Request.safeParse({ ...archive, titles: { 'not an id': 'A' } }).success).toBe(false);
  });
  it('a channel listing (paid) does not', () => {
    expect(Request.safeParse({ type: 'channel.get', channel: 'playlist:PLabc' }).success).toBe(false);
    expect(Request.safeParse({ type: 'channel.list', channel: 'playlist:PLabc', quoteId: 'q' }).success).toBe(false);
    expect(Request.safeParse({ type: 'bulk.quote', channel: 'playlist:PL abc', ids }).success).toBe(false);
  });
});

const row = (href: string, text: string, title?: string) =>
  `<ytd-playlist-video-renderer><a id="video-title" href="${href}"${title ? ` title="${title}"` : ''}>${text}</a></ytd-playlist-video-renderer>`;

function page(html: string): Document {
  document.body.innerHTML = `<ytd-playlist-video-list-renderer><div id="contents">${html}</div></ytd-playlist-video-list-renderer>`;
  return document;
}

describe('readPlaylistRows', () => {
  it('takes the ids of the links that are videos, once each, with their titles as text', () => {
    const doc = page(
      [
        row('/watch?v=tvaHuman001&list=PLx&index=1', 'ignored', 'Intro'),
        row('/watch?v=tvaAutoGen1&list=PLx', '  Two\n   words  '),
        row('javascript:alert(1)', 'Not a video'),
        row('/watch?v=short&list=PLx', 'Bad id'),
        row('https://evil.example/watch?v=tvaSpanish1', 'Elsewhere'),
        row('/watch?v=tvaHuman001&list=PLx&index=4', 'Again'),
        row('/shorts/tvaSpanish1', '<b>bold</b> &lt;img src=x&gt;'),
        '<ytd-playlist-video-renderer><span>no link</span></ytd-playlist-video-renderer>',
      ].join(''),
    );
    expect(readPlaylistRows(doc).map((r) => [r.id, r.title])).toEqual([
      ['tvaHuman001', 'Intro'],
      ['tvaAutoGen1', 'Two words'],
      ['tvaSpanish1', 'bold <img src=x>'],
    ]);
  });

  it('cuts long titles, names an untitled video by its id, and takes at most the bulk limit', () => {
    const ids = Array.from({ length: MAX_LISTED + 5 }, (_, i) => `vid${String(i).padStart(8, '0')}`);
    const doc = page(
      ids.map((id, i) => row(`/watch?v=${id}`, i === 0 ? 'x'.repeat(400) : i === 1 ? ' ' : id)).join(''),
    );
    const rows = readPlaylistRows(doc);
    expect(rows).toHaveLength(MAX_LISTED);
    expect(rows[0]?.title).toHaveLength(300);
    expect(rows[1]?.title).toBe(ids[1]);
  });
});

const panelRow = (href: string, title: string) =>
  `<ytd-playlist-panel-video-renderer><a id="wc-endpoint" href="${href}"><span id="video-title" title="${title}">${title}</span></a></ytd-playlist-panel-video-renderer>`;

describe('readPlaylistRows on a watch page', () => {
  it('reads the panel beside the player only, not a playlist page YouTube keeps hidden', () => {
    document.body.innerHTML = [
      `<ytd-browse hidden>${row('/watch?v=tvaFlaky001&list=PLother', 'Other list')}</ytd-browse>`,
      '<ytd-playlist-panel-renderer id="playlist"><div id="items">',
      panelRow('/watch?v=tvaHuman001&list=PLx&index=1', 'Intro'),
      panelRow('javascript:alert(1)', 'Not a video'),
      panelRow('/watch?v=tvaAutoGen1&list=PLx&index=2', 'Two'),
      panelRow('/watch?v=tvaHuman001&list=PLx&index=3', 'Again'),
      '</div></ytd-playlist-panel-renderer>',
    ].join('');
    expect(readPlaylistRows(document, 'watch').map((r) => [r.id, r.title])).toEqual([
      ['tvaHuman001', 'Intro'],
      ['tvaAutoGen1', 'Two'],
    ]);
    expect(readPlaylistRows(document).map((r) => r.id)).toEqual(['tvaFlaky001']);
  });
});
