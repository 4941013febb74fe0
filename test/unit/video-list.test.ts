import { describe, expect, it } from 'vitest';
import { MAX_LISTED } from '../../utils/channel/replies';
import { parseVideoList } from '../../utils/channel/video-list';

describe('parseVideoList', () => {
  it.each([
    ['a bare id', 'tvaHuman001', ['tvaHuman001']],
    ['a watch URL', 'https://www.youtube.com/watch?v=tvaHuman001&t=3s', ['tvaHuman001']],
    ['a short link without scheme', 'youtu.be/tvaHuman001', ['tvaHuman001']],
    [
      'shorts and live',
      'https://youtube.com/shorts/tvaSpanish1\nhttps://www.youtube.com/live/tvaAutoGen1',
      ['tvaSpanish1', 'tvaAutoGen1'],
    ],
    ['CRLF and blank lines', '\r\ntvaHuman001\r\n\r\n  tvaAutoGen1  \r\n', ['tvaHuman001', 'tvaAutoGen1']],
    [
      'a CSV column with its header',
      'url\n"https://youtu.be/tvaHuman001"\ntvaAutoGen1',
      ['tvaHuman001', 'tvaAutoGen1'],
    ],
    [
      'CSV rows: the first cell with a video',
      'title,video\nIntro,tvaHuman001\n"Two, words",https://youtu.be/tvaAutoGen1',
      ['tvaHuman001', 'tvaAutoGen1'],
    ],
    ['tabs and semicolons', 'A\ttvaHuman001\nB;tvaAutoGen1', ['tvaHuman001', 'tvaAutoGen1']],
    ['a repeat kept once', 'tvaHuman001\nhttps://youtu.be/tvaHuman001', ['tvaHuman001']],
  ])('%s', (_, text, ids) => {
    const list = parseVideoList(text);
    expect(list.ids).toEqual(ids);
    expect(list.problems).toEqual([]);
  });

  it.each([
    [
      'not a link',
      'tvaHuman001\nhello world\ntvaAutoGen1',
      2,
      'Line 2: “hello world” is not a YouTube video link or id.',
    ],
    ['an id one short', 'tvaHuman00', 1, 'Line 1: “tvaHuman00” is not a YouTube video link or id.'],
    [
      'another site',
      'tvaHuman001\nhttps://vimeo.com/12345678901',
      2,
      'Line 2: “https://vimeo.com/12345678901” is not a YouTube video link or id.',
    ],
    [
      'a channel, not a video',
      'https://www.youtube.com/@tvademo',
      1,
      'Line 1: “https://www.youtube.com/@tvademo” is not a YouTube video link or id.',
    ],
    ['a header only on the first line', 'tvaHuman001\nurl', 2, 'Line 2: “url” is not a YouTube video link or id.'],
  ])('%s is named by its line', (_, text, line, sentence) => {
    expect(parseVideoList(text).problems).toEqual([{ line, sentence }]);
  });

  it('counts lines as pasted (blank ones too) and names each bad one', () => {
    const list = parseVideoList('tvaHuman001\n\nbad one\ntvaAutoGen1\n\nbad two\n\nbad three\ntvaSpanish1');
    expect(list.ids).toEqual(['tvaHuman001', 'tvaAutoGen1', 'tvaSpanish1']);
    expect(list.problems.map((p) => p.line)).toEqual([3, 6, 8]);
  });

  it('shortens a long bad line in its sentence', () => {
    const [problem] = parseVideoList(`x${'y'.repeat(100)}`).problems;
    expect(problem?.sentence).toBe(`Line 1: “x${'y'.repeat(38)}…” is not a YouTube video link or id.`);
  });

  it(`takes at most ${MAX_LISTED} videos and names the lines past them`, () => {
    const ids = Array.from({ length: MAX_LISTED + 2 }, (_, i) => `vid${String(i).padStart(8, '0')}`);
    const list = parseVideoList(ids.join('\n'));
    expect(list.ids).toHaveLength(MAX_LISTED);
    expect(list.problems.map((p) => p.line)).toEqual([MAX_LISTED + 1, MAX_LISTED + 2]);
    expect(list.problems[0]?.sentence).toBe(
      `Line ${MAX_LISTED + 1}: past ${MAX_LISTED} videos, the most taken at once; left out.`,
    );
  });
});
