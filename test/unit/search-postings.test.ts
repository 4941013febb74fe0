import { describe, expect, it } from 'vitest';
import { SearchEngine, transcriptPassages, type VideoDocs, videoDoc } from '../../utils/search';
import { distanceWithin, Postings, startingWith } from '../../utils/search/postings';

const cues = (texts: string[], step = 5) => texts.map((text, i) => ({ text, start: i * step, duration: step }));
const video = (videoId: string, texts: string[]): VideoDocs => ({
  videoId,
  title: `Video ${videoId}`,
  channel: 'Channel',
  docs: [videoDoc(`Video ${videoId}`, 'Channel'), ...transcriptPassages(cues(texts))],
});
const id = (n: number) => `vid${String(n).padStart(8, '0')}`;

describe('the compact postings', () => {
  it('asks for a vacuum once removed documents are a tenth of all, which drops and renumbers in one pass', () => {
    const p = new Postings();
    for (let doc = 0; doc < 30_000; doc++) p.add(doc % 2 ? 'odd' : 'even', doc, 1 + (doc % 3));
    p.removed(2_000);
    expect(p.due).toBe(false);
    p.removed(10_000);
    expect(p.due).toBe(true);
    p.vacuum((doc) => (doc >= 12_000 ? doc - 12_000 : -1));
    expect(p.due).toBe(false);
    const odd = p.get('odd');
    expect(odd?.n).toBe(9_000);
    expect(odd?.tfs[0]).toBe(1 + (12_001 % 3));
    expect([...(odd?.ids.subarray(0, 3) ?? [])]).toEqual([1, 3, 5]);
  });

  it('counts occurrences one at a time into the newest document, capped at 255', () => {
    const p = new Postings();
    for (const [term, doc] of [
      ['a', 0],
      ['b', 0],
      ['a', 0],
      ['a', 2],
      ['b', 3],
    ] as const)
      p.addOccurrence(term, doc);
    for (let i = 0; i < 300; i++) p.addOccurrence('c', 4);
    const a = p.get('a');
    expect([...(a?.ids.subarray(0, a.n) ?? [])]).toEqual([0, 2]);
    expect([...(a?.tfs.subarray(0, a.n) ?? [])]).toEqual([2, 1]);
    expect(p.get('b')?.n).toBe(2);
    expect(p.get('c')?.tfs[0]).toBe(255);
  });

  it('packs into flat arrays and back, and refuses arrays that do not add up', () => {
    const p = new Postings();
    p.add('beta', 1, 300);
    p.add('alpha', 1, 2);
    p.add('alpha', 4, 1);
    const packed = p.pack();
    const back = Postings.unpack(structuredClone(packed));
    expect(back?.terms()).toEqual(['alpha', 'beta']);
    expect([...(back?.get('alpha')?.ids.subarray(0, 2) ?? [])]).toEqual([1, 4]);
    expect(back?.get('beta')?.tfs[0]).toBe(255);
    back?.add('alpha', 9, 1);
    expect(back?.get('alpha')?.n).toBe(3);
    expect(Postings.unpack({ ...packed, counts: new Uint32Array([2, 2]) })).toBeNull();
  });

  it('finds the terms a prefix starts', () => {
    const p = new Postings();
    for (const term of ['late', 'latency', 'later', 'lateral', 'lat', 'mate']) p.add(term, 0, 1);
    expect(startingWith(p.terms(), 'late')).toEqual(['late', 'latency', 'later', 'lateral']);
    expect(startingWith(p.terms(), 'zz')).toEqual([]);
  });

  it('measures typos up to a bound', () => {
    expect(distanceWithin('latency', 'latency', 2)).toBe(0);
    expect(distanceWithin('latncy', 'latency', 2)).toBe(1);
    expect(distanceWithin('ltncy', 'latency', 2)).toBe(2);
    expect(distanceWithin('lency', 'latency', 1)).toBe(2);
    expect(distanceWithin('a', 'abcdef', 2)).toBe(3);
  });
});

describe('the search over the compact index', () => {
  it('forgives a typo only for a word found nowhere as it is spelled', () => {
    const e = SearchEngine.create();
    e.setVideo(video(id(1), ['latency matters']));
    e.setVideo(video(id(2), ['latencx matters']));
    expect(e.search('latency').map((h) => h.videoId)).toEqual([id(1)]);
    expect(
      e
        .search('latenci')
        .map((h) => h.videoId)
        .sort(),
    ).toEqual([id(1), id(2)]);
    expect(e.search('latenci')[0]?.terms).toHaveLength(1);
  });

  it('reports the words a prefix resolved to, so the snippet marks them', () => {
    const e = SearchEngine.create();
    e.setVideo(video(id(1), ['quorum latency', 'later on']));
    e.setVideo(video(id(2), ['quorum lateral']));
    const hits = e.search('quorum lat');
    const terms = Object.fromEntries(hits.map((h) => [h.videoId, h.terms.sort()]));
    expect(terms).toEqual({ [id(1)]: ['latency', 'later', 'quorum'], [id(2)]: ['lateral', 'quorum'] });
    expect(hits.find((h) => h.videoId === id(1))?.text).toBe('quorum latency later on');
  });

  it('keeps searching right while removed videos wait for the vacuum and after it', () => {
    const e = SearchEngine.create();
    for (let n = 0; n < 400; n++) e.setVideo(video(id(n), [`common word${n} `.repeat(40), `shared tail${n % 7}`]));
    for (let n = 0; n < 380; n++) e.removeVideo(id(n));
    expect(e.videoCount).toBe(20);
    expect(
      e
        .search('common')
        .map((h) => h.videoId)
        .sort(),
    ).toEqual(Array.from({ length: 20 }, (_, i) => id(380 + i)).sort());
    expect(e.search('word5')).toEqual([]);
    // Re-indexing the same videos again and again renumbers rather than growing the ids without end.
    for (let round = 0; round < 6_000; round++) e.setVideo(video(id(390), [`common word390 round${round}`]));
    expect(e.search('round5999').map((h) => h.videoId)).toEqual([id(390)]);
    expect(e.search('round5998')).toEqual([]);
    expect(e.search('word391').map((h) => h.videoId)).toEqual([id(391)]);
    expect(e.search('common')).toHaveLength(20);
    const restored = SearchEngine.load(structuredClone(e.toSnapshot()));
    expect(restored?.search('word390').map((h) => h.videoId)).toEqual([id(390)]);
    expect(restored?.search('word12')).toEqual([]);
  });

  it('ranks the video where the word is most of the passage first, and titles above passages', () => {
    const e = SearchEngine.create();
    e.setVideo(video(id(1), ['raft once among many other unrelated words spoken here at length']));
    e.setVideo(video(id(2), ['raft raft raft']));
    e.setVideo({ ...video(id(3), ['nothing']), title: 'Raft explained', docs: [videoDoc('Raft explained', 'C')] });
    expect(e.search('raft').map((h) => [h.videoId, h.kind])).toEqual([
      [id(3), 'video'],
      [id(2), 'transcript'],
      [id(1), 'transcript'],
    ]);
  });
});
