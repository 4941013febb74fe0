import { describe, expect, it } from 'vitest';
import { libraryFile } from '../../utils/export/note';
import { PageMessage } from '../../utils/protocol/requests';
import { videoOf } from '../library-builders';
import { readWhole } from './library-read-kit';

/** A library of 10,000 videos (issue 44's goal) named whole in one message, and moved in one file. */
const WHOLE = 10_000;
const idOf = (i: number) => `vid${String(i).padStart(8, '0')}`;
const ids = (n: number) => Array.from({ length: n }, (_, i) => idOf(i));

describe('the bounds of a 10,000-video library', () => {
  it('takes every video of it in one removal or filtered search, and refuses past twice that', () => {
    expect(PageMessage.safeParse({ type: 'library.remove', videoIds: ids(WHOLE) }).success).toBe(true);
    expect(PageMessage.safeParse({ type: 'library.search', query: 'q', videoIds: ids(WHOLE) }).success).toBe(true);
    expect(PageMessage.safeParse({ type: 'library.remove', videoIds: ids(20_001) }).success).toBe(false);
  });

  it('imports a file of 10,000 short videos, read as a stream', async () => {
    const text = JSON.stringify(
      libraryFile(
        ids(WHOLE).map((videoId) => videoOf({ videoId })),
        new Date(0),
      ),
    );
    const read = await readWhole(new Blob([text]));
    expect(read.ok && read.file.videos.length).toBe(WHOLE);
  });
});
