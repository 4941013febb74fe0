// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FoundVideos } from '../../../components/channel/FoundVideos';
import { SearchEngine, transcriptPassages } from '../../../utils/search';
import { segmenterFor } from '../../../utils/search/terms';
import { groupLocalHits } from '../../../utils/video-search/moments';

// The segmenter, watched: which language a moment's words are cut in is what these tests are about.
vi.mock('../../../utils/search/terms', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../utils/search/terms')>();
  return { ...real, segmenterFor: vi.fn(real.segmenterFor) };
});

const VIDEO = 'jaVideo0001';
const CUES = [
  { text: '今日は大阪の新しい図書館について話します', start: 0 },
  { text: '図書館は駅の近くです', start: 4 },
  { text: 'また来週', start: 8 },
];

function momentsOf(query: string) {
  const engine = SearchEngine.create();
  engine.setVideo({ videoId: VIDEO, title: '図書館', channel: '', docs: transcriptPassages(CUES, 90, 'ja') });
  return groupLocalHits(engine.search(query, { kinds: ['transcript'] }), { from: null, to: null });
}

afterEach(cleanup);

describe('moments of a saved transcript in its language', () => {
  it('are cut in the language the transcript was indexed in, and say it', () => {
    vi.mocked(segmenterFor).mockClear();
    const [video] = momentsOf('図書館');
    expect(video?.lang).toBe('ja');
    expect(video?.moments.map((m) => m.quote)).toEqual([CUES[0]?.text, CUES[1]?.text]);
    expect(vi.mocked(segmenterFor).mock.calls.length).toBeGreaterThan(0);
    expect(vi.mocked(segmenterFor).mock.calls.every(([lang]) => lang === 'ja')).toBe(true);
  });

  it('mark the matched words in the quotes and their context, cut in that language', () => {
    const videos = momentsOf('図書館');
    vi.mocked(segmenterFor).mockClear();
    const { container } = render(<FoundVideos videos={videos} titles={new Map()} />);
    const marks = [...container.querySelectorAll('mark')].map((m) => m.textContent);
    // Each moment's quote and the cue beside it: 図書館 in both cues, twice each (quote and context).
    expect(marks).toEqual(['図書館', '図書館', '図書館', '図書館']);
    expect(vi.mocked(segmenterFor).mock.calls.every(([lang]) => lang === 'ja')).toBe(true);
    expect(vi.mocked(segmenterFor).mock.calls.length).toBeGreaterThan(0);
  });

  it('leave the language out when the transcript had none', () => {
    const engine = SearchEngine.create();
    engine.setVideo({ videoId: VIDEO, title: '', channel: '', docs: transcriptPassages(CUES, 90) });
    const [video] = groupLocalHits(engine.search('図書館', { kinds: ['transcript'] }), { from: null, to: null });
    expect(video && 'lang' in video).toBe(false);
  });
});
