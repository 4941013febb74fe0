import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { accountKey } from '../../../utils/account/key';
import { jobStore } from '../../../utils/jobs/store';
import { jobRecord } from '../../builders';
import { countedLibrary } from './counted-library';
import { freshProfile } from './fresh-profile';

/** The JSON export asked for a part at a time: how often it lists the whole cache, and what it hands back. */
const idOf = (i: number) => `tvaExport${String(i).padStart(2, '0')}`;
const IDS = Array.from({ length: 7 }, (_, i) => idOf(i));
const PART = 3;
const partsOf = (ids: readonly string[]) =>
  Array.from({ length: Math.ceil(ids.length / PART) }, (_, i) => ids.slice(i * PART, (i + 1) * PART));

const transcript = (videoId: string, lang: string) => ({
  status: 'ok',
  videoId,
  fetchedAt: 1,
  title: `Title of ${videoId}`,
  author: 'Chan',
  language: lang,
  languageCode: lang,
  isGenerated: false,
  text: `words of ${videoId}`,
  segments: [{ text: `words of ${videoId}`, start: 0, duration: 5 }],
});

/** A worker over the profile's cache, its `list()` calls counted (a new worker: the same databases, read anew). */
const worker = countedLibrary;

/** A profile holding seven videos, two tracks each, and one analysis with its answers. */
async function profile() {
  await freshProfile();
  const account = await accountKey('demo-pro-token');
  const { core } = worker();
  for (const id of IDS) {
    await core.keeper.put('transcript', `${id}:en`, transcript(id, 'en'));
    await core.keeper.put('transcript', `${id}:de`, transcript(id, 'de'));
  }
  const [first] = IDS as [string];
  await jobStore.put(jobRecord({ account, videoId: first, jobId: 5, status: 'ready', mode: 'deep' }));
  await core.keeper.put('analysis', `${account}:${first}`, { jobId: 5, artifact: { summary: 'Quorum talk' } });
  await core.keeper.put('answers', `${account}:5`, [{ question: 'Why?', askedAt: 2, answer: 'Because.' }]);
}

/** What one worker exports of every video in one ask: the reference the parts must equal. */
async function whole() {
  return JSON.stringify(await worker().library.exportVideos(IDS));
}

describe('background: the library export in parts', () => {
  it('lists the cache once for all the parts and hands back what one ask for every video would', async () => {
    await profile();
    const expected = await whole();
    const { library, count } = worker();
    const parts = [];
    for (const ids of partsOf(IDS)) parts.push(...(await library.exportVideos(ids)));
    expect(partsOf(IDS)).toHaveLength(3);
    expect(count.lists).toBe(1);
    expect(JSON.stringify(parts)).toBe(expected);
    expect(parts[0]?.transcripts).toHaveLength(2);
    expect(parts[0]?.analysis?.jobId).toBe(5);
    expect(parts[0]?.answers).toHaveLength(1);
  });

  it('answers a part asked of a restarted worker by reading the cache again, with the same videos', async () => {
    await profile();
    const expected = await whole();
    const [one, two, three] = partsOf(IDS) as [string[], string[], string[]];
    const before = worker();
    const parts = [...(await before.library.exportVideos(one))];
    const after = worker();
    parts.push(...(await after.library.exportVideos(two)), ...(await after.library.exportVideos(three)));
    expect([before.count.lists, after.count.lists]).toEqual([1, 1]);
    expect(JSON.stringify(parts)).toBe(expected);
  });

  it('reads the cache again after something is stored mid-export, so the next part holds it', async () => {
    await profile();
    const { core, library, count } = worker();
    const [one, two] = partsOf(IDS) as [string[], string[]];
    await library.exportVideos(one);
    const added = 'tvaExportNw';
    await core.keeper.put('transcript', `${added}:en`, transcript(added, 'en'));
    const part = await library.exportVideos([...two, added]);
    expect(count.lists).toBe(2);
    expect(part.map((v) => v.videoId)).toEqual([...two, added]);
  });
});
