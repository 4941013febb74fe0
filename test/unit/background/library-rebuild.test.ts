import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCore } from '../../../entrypoints/background/core/core';
import { createLibrary } from '../../../entrypoints/background/library/library';
import { openLibraryStore } from '../../../entrypoints/background/library/store';
import { type EngineSnapshot, SearchEngine, transcriptPassages, videoDoc } from '../../../utils/search';
import { ID } from '../../library-builders';
import { freshProfile } from './fresh-profile';

/**
 * An index saved before words of unspaced scripts were cut (version 3) is rebuilt from the saved transcripts
 * when it is loaded: nothing is asked of the service, and the Japanese word inside a run is found.
 */
const CUES = ['今日は大阪の新しい図書館について話します', 'それでは始めましょう'];
const transcript = {
  status: 'ok',
  videoId: ID,
  fetchedAt: 1,
  title: '大阪の図書館',
  author: 'チャンネル',
  language: 'Japanese',
  languageCode: 'ja',
  isGenerated: false,
  text: CUES.join(' '),
  segments: CUES.map((text, i) => ({ text, start: i * 60, duration: 60 })),
};

/** What version 3 stored: the same records without a language, each cue run one term. */
function versionThree(): EngineSnapshot {
  const engine = SearchEngine.create();
  engine.setVideo({ videoId: ID, title: 'old', channel: '', docs: [videoDoc('old', ''), ...transcriptPassages([])] });
  const now = engine.toSnapshot();
  return { ...now, version: 3 } as unknown as EngineSnapshot;
}

describe('background: an index saved by an older version', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is rebuilt from the saved transcripts, with no request to the service', async () => {
    await freshProfile();
    const fetched = vi.spyOn(globalThis, 'fetch');
    const core = createCore();
    await core.keeper.put('transcript', `${ID}:ja`, transcript);
    await openLibraryStore().writeSnapshot(versionThree());

    const library = createLibrary(core);
    await library.list();
    const hits = await library.search('図書館');
    expect(hits.map((h) => [h.videoId, h.kind, h.at])).toEqual([
      [ID, 'video', null],
      [ID, 'transcript', 0],
    ]);
    // The old snapshot's own record is gone: the video was indexed again from its transcript.
    expect(await library.search('old')).toEqual([]);
    expect(fetched).not.toHaveBeenCalled();
  });
});
