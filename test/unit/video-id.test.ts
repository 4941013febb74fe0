import { describe, expect, it } from 'vitest';
import { extractVideoId, isVideoId, videoIdFromPageUrl, watchUrl } from '../../utils/video-id';

const ID = 'dQw4w9WgXcQ';

const valid: Array<[string, string]> = [
  ['bare id', ID],
  ['bare id with spaces', `  ${ID}\n`],
  ['id with dash and underscore', 'a-b_c-d_e-f'],
  ['watch', `https://www.youtube.com/watch?v=${ID}`],
  ['watch without www', `https://youtube.com/watch?v=${ID}`],
  ['watch over http', `http://www.youtube.com/watch?v=${ID}`],
  ['watch without scheme', `www.youtube.com/watch?v=${ID}`],
  ['watch with v not first', `https://www.youtube.com/watch?feature=share&v=${ID}`],
  ['watch with timestamp', `https://www.youtube.com/watch?v=${ID}&t=42s`],
  ['watch with playlist and index', `https://www.youtube.com/watch?v=${ID}&list=PL123&index=4`],
  ['watch with fragment', `https://www.youtube.com/watch?v=${ID}#t=1m`],
  ['mobile watch', `https://m.youtube.com/watch?v=${ID}`],
  ['music watch', `https://music.youtube.com/watch?v=${ID}&si=abc`],
  ['upper-case host', `https://WWW.YOUTUBE.COM/watch?v=${ID}`],
  ['shorts', `https://www.youtube.com/shorts/${ID}`],
  ['shorts with query', `https://www.youtube.com/shorts/${ID}?feature=share`],
  ['mobile shorts', `https://m.youtube.com/shorts/${ID}`],
  ['live', `https://www.youtube.com/live/${ID}?si=xyz`],
  ['embed', `https://www.youtube.com/embed/${ID}?start=30`],
  ['nocookie embed', `https://www.youtube-nocookie.com/embed/${ID}`],
  ['nocookie embed without www', `https://youtube-nocookie.com/embed/${ID}?rel=0`],
  ['legacy /v/', `https://www.youtube.com/v/${ID}`],
  ['youtu.be', `https://youtu.be/${ID}`],
  ['youtu.be with time', `https://youtu.be/${ID}?t=90`],
  ['youtu.be without scheme', `youtu.be/${ID}`],
  ['trailing slash', `https://www.youtube.com/shorts/${ID}/`],
];

const invalid: Array<[string, unknown]> = [
  ['empty', ''],
  ['only spaces', '   '],
  ['too short', 'dQw4w9WgXc'],
  ['too long', 'dQw4w9WgXcQQ'],
  ['bad character', 'dQw4w9WgX!Q'],
  ['space inside', 'dQw4w9 gXcQ'],
  ['unicode look-alike', 'dQw4w9WgXcÓ'],
  ['other site', `https://vimeo.com/watch?v=${ID}`],
  ['look-alike host', `https://www.youtube.com.evil.example/watch?v=${ID}`],
  ['host suffix trick', `https://evilyoutube.com/watch?v=${ID}`],
  ['javascript url', `javascript:alert('${ID}')`],
  ['data url', `data:text/html,${ID}`],
  ['watch without v', 'https://www.youtube.com/watch?list=PL123'],
  ['watch with short v', 'https://www.youtube.com/watch?v=abc'],
  ['watch with long v', `https://www.youtube.com/watch?v=${ID}x`],
  ['channel page', 'https://www.youtube.com/@somechannel'],
  ['home page', 'https://www.youtube.com/'],
  ['results page', 'https://www.youtube.com/results?search_query=cats'],
  ['youtu.be without id', 'https://youtu.be/'],
  ['shorts with bad id', 'https://www.youtube.com/shorts/<script>'],
  ['very long string', 'a'.repeat(100_000)],
  ['very long url', `https://www.youtube.com/watch?v=${ID}&x=${'a'.repeat(5000)}`],
  ['not a string (number)', 12345678901],
  ['not a string (null)', null],
  ['not a string (object)', { v: ID }],
];

describe('extractVideoId', () => {
  it.each(valid)('accepts %s', (_name, input) => {
    expect(extractVideoId(input)).toBe(input.includes('a-b_c') ? 'a-b_c-d_e-f' : ID);
  });
  it.each(invalid)('rejects %s', (_name, input) => {
    expect(extractVideoId(input)).toBeNull();
  });
});

describe('videoIdFromPageUrl', () => {
  it.each([
    [`https://www.youtube.com/watch?v=${ID}`, ID],
    [`https://m.youtube.com/watch?v=${ID}&t=3`, ID],
    [`https://www.youtube.com/shorts/${ID}`, ID],
    [`https://www.youtube.com/live/${ID}`, ID],
    [`https://www.youtube.com/embed/${ID}`, null],
    [`https://youtu.be/${ID}`, null],
    ['https://www.youtube.com/', null],
    ['https://www.youtube.com/@tvademo/videos', null],
    [`https://www.youtube.com/shorts/${ID}/extra`, null],
    ['not a url', null],
  ])('%s → %s', (href, expected) => {
    expect(videoIdFromPageUrl(href)).toBe(expected);
  });
});

describe('watchUrl and isVideoId', () => {
  it('builds canonical links with whole-second times', () => {
    expect(watchUrl(ID)).toBe(`https://www.youtube.com/watch?v=${ID}`);
    // Rounded up, so the link lands inside the cue starting at 65.7 s rather than on the one before.
    expect(watchUrl(ID, 65.7)).toBe(`https://www.youtube.com/watch?v=${ID}&t=66s`);
    expect(watchUrl(ID, 65.0000001)).toBe(`https://www.youtube.com/watch?v=${ID}&t=65s`);
    expect(watchUrl(ID, Number.NaN)).toBe(`https://www.youtube.com/watch?v=${ID}`);
  });
  it('checks the id alphabet and length', () => {
    expect(isVideoId(ID)).toBe(true);
    expect(isVideoId(`${ID} `)).toBe(false);
  });
});
