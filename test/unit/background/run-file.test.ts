import { describe, expect, it } from 'vitest';
import { createRunFiles } from '../../../entrypoints/background/channel/run-file';
import type { SavedTranscript } from '../../../entrypoints/background/saved/transcripts';

const saved = (videoId: string): SavedTranscript => ({
  status: 'ok',
  videoId,
  fetchedAt: Date.UTC(2026, 0, 2),
  title: `Title ${videoId}`,
  author: 'TVA Demo',
  language: 'English',
  languageCode: 'en',
  isGenerated: false,
  text: 'Hello there.',
  segments: [{ text: 'Hello there.', start: 0, duration: 2 }],
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
const RUN = '0b9d4a52-7c1e-4f3a-9d2b-5e6f7a8b9c0d';

describe("a run's file parts (channel/run-file.ts)", () => {
  it('are made after the batch, and wait while the driver forms batches', async () => {
    const files = createRunFiles();
    const first = files.busy();
    files.add(RUN, 'srt', [saved('tvaHuman001'), saved('tvaHuman002')]);
    await settle();
    expect(files.made(RUN)).toBe(0);
    // Two holders (a worker may drive two runs): the parts wait until both have let go.
    const forming = files.busy();
    first();
    await settle();
    expect(files.made(RUN)).toBe(0);
    forming();
    await expect.poll(() => files.made(RUN)).toBe(2);
    const parts = await files.parts(RUN, 'srt');
    expect([...parts.keys()]).toEqual(['tvaHuman001', 'tvaHuman002']);
    expect(parts.get('tvaHuman001')).toMatchObject({ fetchedAt: Date.UTC(2026, 0, 2), track: { languageCode: 'en' } });
  });

  it('are made at once when the file is wanted, busy or not; another format has none', async () => {
    const files = createRunFiles();
    const forming = files.busy();
    files.add(RUN, 'jsonl', [saved('tvaHuman001')]);
    // The driver never rests here: asking for the file must not hang.
    const parts = await files.parts(RUN, 'jsonl');
    expect(parts.get('tvaHuman001')?.part).toMatchObject({ kind: 'jsonl' });
    expect((await files.parts(RUN, 'srt')).size).toBe(0);
    forming();
    files.drop(RUN);
    expect((await files.parts(RUN, 'jsonl')).size).toBe(0);
  });
});
