import { describe, expect, it } from 'vitest';
import { extractVideoId } from '../../utils/video-id';
import { videoIdOf } from '../service/video-id';

/**
 * The extension's video-id parser and the local service's (each written on its own, from the spec: an id is
 * 11 characters of [A-Za-z0-9_-]; watch, youtu.be, shorts, live and embed URLs) read the same real forms
 * and refuse the same malformed ones.
 */

const ID = 'dQw4w9WgXcQ';

const real: Array<[string, string]> = [
  ['bare id', ID],
  ['bare id with - and _', 'a-b_c-d_e-f'],
  ['bare id in spaces', `  ${ID}\n`],
  ['watch', `https://www.youtube.com/watch?v=${ID}`],
  ['watch without www', `https://youtube.com/watch?v=${ID}`],
  ['watch over http', `http://www.youtube.com/watch?v=${ID}`],
  ['watch pasted without scheme', `www.youtube.com/watch?v=${ID}`],
  ['watch, v not first', `https://www.youtube.com/watch?feature=share&v=${ID}`],
  ['watch at a time', `https://www.youtube.com/watch?v=${ID}&t=42s`],
  ['watch in a playlist', `https://www.youtube.com/watch?v=${ID}&list=PL123&index=4`],
  ['watch with a fragment', `https://www.youtube.com/watch?v=${ID}#t=1m`],
  ['mobile watch', `https://m.youtube.com/watch?v=${ID}`],
  ['music watch', `https://music.youtube.com/watch?v=${ID}&si=abc`],
  ['upper-case host', `https://WWW.YOUTUBE.COM/watch?v=${ID}`],
  ['youtu.be', `https://youtu.be/${ID}`],
  ['youtu.be at a time', `https://youtu.be/${ID}?t=90`],
  ['youtu.be shared', `https://youtu.be/${ID}?si=AbCdEf`],
  ['youtu.be without scheme', `youtu.be/${ID}`],
  ['shorts', `https://www.youtube.com/shorts/${ID}`],
  ['shorts shared', `https://www.youtube.com/shorts/${ID}?feature=share`],
  ['shorts with a trailing slash', `https://www.youtube.com/shorts/${ID}/`],
  ['mobile shorts', `https://m.youtube.com/shorts/${ID}`],
  ['live', `https://www.youtube.com/live/${ID}?si=xyz`],
  ['embed', `https://www.youtube.com/embed/${ID}?start=30`],
  ['privacy-enhanced embed', `https://www.youtube-nocookie.com/embed/${ID}`],
];

const malformed: Array<[string, string]> = [
  ['empty', ''],
  ['only spaces', '   '],
  ['10 characters', 'dQw4w9WgXc'],
  ['12 characters', 'dQw4w9WgXcQQ'],
  ['a character outside the alphabet', 'dQw4w9WgX!Q'],
  ['a space inside', 'dQw4w9 gXcQ'],
  ['a look-alike letter', 'dQw4w9WgXcÓ'],
  ['another site', `https://vimeo.com/watch?v=${ID}`],
  ['a look-alike host', `https://www.youtube.com.evil.example/watch?v=${ID}`],
  ['a host ending like the site', `https://evilyoutube.com/watch?v=${ID}`],
  ['a javascript: URL', `javascript:alert('${ID}')`],
  ['a data: URL', `data:text/html,${ID}`],
  ['an ftp: URL', `ftp://www.youtube.com/watch?v=${ID}`],
  ['watch without v', 'https://www.youtube.com/watch?list=PL123'],
  ['watch with a short v', 'https://www.youtube.com/watch?v=abc'],
  ['watch with a long v', `https://www.youtube.com/watch?v=${ID}x`],
  ['a channel page', 'https://www.youtube.com/@somechannel'],
  ['the home page', 'https://www.youtube.com/'],
  ['a results page', 'https://www.youtube.com/results?search_query=cats'],
  ['youtu.be without an id', 'https://youtu.be/'],
  ['shorts with a bad id', 'https://www.youtube.com/shorts/<script>'],
  ['shorts without an id', 'https://www.youtube.com/shorts/'],
  ['a playlist page', 'https://www.youtube.com/playlist?list=PL123'],
  ['a very long string', 'a'.repeat(100_000)],
  ['a very long URL', `https://www.youtube.com/watch?v=${ID}&x=${'a'.repeat(5000)}`],
];

/** Legacy forms the extension also reads (links found on old pages); the spec does not name them. */
const extensionOnly: Array<[string, string]> = [
  ['legacy /v/', `https://www.youtube.com/v/${ID}`],
  ['legacy /e/', `https://www.youtube.com/e/${ID}`],
];

describe('the extension and the local service read video ids alike', () => {
  it.each(real)('both read %s', (_name, input) => {
    const expected = input.includes('a-b_c') ? 'a-b_c-d_e-f' : ID;
    expect(extractVideoId(input)).toBe(expected);
    expect(videoIdOf(input)).toBe(expected);
  });

  it.each(malformed)('both refuse %s', (_name, input) => {
    expect(extractVideoId(input)).toBeNull();
    expect(videoIdOf(input)).toBeNull();
  });

  it.each(extensionOnly)('only the extension reads %s (it never sends a URL: it sends the id it read)', (_n, input) => {
    expect(extractVideoId(input)).toBe(ID);
    expect(videoIdOf(input)).toBeNull();
  });
});
