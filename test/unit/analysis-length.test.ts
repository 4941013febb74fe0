import { describe, expect, it } from 'vitest';
import { analysisLength, tabShows } from '../../entrypoints/background/panel/analysis-length';

describe('the length an analysis is priced from', () => {
  it.each([
    // page, track end, seconds, confirmed
    [undefined, null, null, false],
    [undefined, 624, null, false], // a track alone is a lower bound, not a length
    [0, 624, null, false],
    [200, null, 200, false], // the page alone
    [624, 624, 624, true],
    [624, 600, 624, true], // captions stop a little before the end
    [600, 624, 624, true], // or run a little past it
    [200, 12, 200, false], // a short track vouches for nothing
    [200, 900, 900, false], // a track past the page's length: the page is wrong, the track a lower bound
  ] as const)('page %s, track %s → %s (%s)', (page, track, seconds, confirmed) => {
    expect(analysisLength(page, track)).toEqual({ seconds, confirmed });
  });
});

describe('the tab a length may come from', () => {
  it.each([
    ['https://www.youtube.com/watch?v=tvaHuman001', true],
    ['https://www.youtube.com/shorts/tvaHuman001', true],
    ['https://www.youtube.com/watch?v=tvaLong3h01', false],
    ['https://www.youtube.com/', false],
    ['https://example.com/watch?v=tvaHuman001', false],
  ])('%s → %s', (url, shows) => {
    expect(tabShows({ tab: { id: 1, url } }, 'tvaHuman001')).toBe(shows);
  });

  it('reads the tab before the sender: a frame of the extension in a tab showing the video may say it', () => {
    const frame = {
      url: 'chrome-extension://ext/panel-frame.html#t',
      tab: { id: 1, url: 'https://www.youtube.com/watch?v=tvaHuman001' },
    };
    expect(tabShows(frame, 'tvaHuman001')).toBe(true);
    expect(tabShows({ url: 'chrome-extension://ext/panel-frame.html#t' }, 'tvaHuman001')).toBe(false);
  });
});
