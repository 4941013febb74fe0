import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Bulk } from '../../../entrypoints/background/channel/bulk';
import { createChannelBuying } from '../../../entrypoints/background/channel/channel-buying';
import { type BulkRun, newRun } from '../../../utils/bulk/run';
import { startBackground } from './harness';

/**
 * A run's file is put together when the run ends (channel/channel-buying.ts, `prepared`), while its page hears the end
 * and asks for it: the page gets that file, once; any other save builds its own.
 */
const sender = { id: 'ext', tab: { id: 7, active: true, url: 'https://www.youtube.com/@tvabig' } };

async function setUp() {
  const bg = await startBackground({ serviceUrl: 'http://127.0.0.1:9', token: 'demo-starter', sender });
  const run: BulkRun = {
    ...newRun(
      {
        runId: 'run-1',
        account: await bg.core.account(),
        channel: '@tvabig',
        channelId: null,
        title: 'TVA Big Archive',
        selection: ['tvaBig00001', 'tvaBig00002'],
        lang: 'en',
        format: 'srt',
        toBuy: [],
      },
      1,
    ),
    failed: [{ id: 'tvaBig00002', message: 'No transcript.' }],
  };
  const reads: string[] = [];
  let ended: (run: BulkRun) => void = () => undefined;
  const bulk = {
    onEnded: (listener: (run: BulkRun) => void) => {
      ended = listener;
      return () => undefined;
    },
    run: async (runId: string) => {
      reads.push(runId);
      return runId === run.runId ? run : null;
    },
    parts: async () => new Map(),
    making: () => null,
    fileSaved: async () => undefined,
  } as unknown as Bulk;
  const buying = createChannelBuying(bg.core, bulk);
  return { buying, run, reads, end: () => ended(run) };
}

describe("a run's file, put together at its end", () => {
  it('the page that asks for it after the end gets the file made then, not one built again', async () => {
    const { buying, reads, end } = await setUp();
    end();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Made from the run as its end recorded it: not read again.
    expect(reads).toEqual([]);
    const first = await buying.archive({ channel: '@tvabig', format: 'srt', runId: 'run-1' }, sender);
    expect(reads).toEqual([]);
    expect(first.filename).toMatch(/\.zip$/);
    // Used once: a later save (again, or the file lost) builds it from the saved transcripts.
    const again = await buying.archive({ channel: '@tvabig', format: 'srt', runId: 'run-1' }, sender);
    expect(reads).toEqual(['run-1']);
    expect(again.filename).toBe(first.filename);
  });

  it('another format, or a page that names the videos itself, gets a file built for it', async () => {
    const { buying, reads, end } = await setUp();
    end();
    await buying.archive({ channel: '@tvabig', format: 'jsonl', runId: 'run-1' }, sender);
    await buying.archive({ channel: '@tvabig', format: 'srt', runId: 'run-1', titles: { tvaBig00001: 'One' } }, sender);
    expect(reads).toEqual(['run-1', 'run-1']);
  });
});
