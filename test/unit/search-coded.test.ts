import { describe, expect, it } from 'vitest';
import {
  INDEX_PASSAGE_SECONDS,
  SearchEngine,
  type SearchOptions,
  transcriptPassages,
  type VideoDocs,
  videoDoc,
} from '../../utils/search';
import { CodedPostings } from '../../utils/search/coded-postings';
import { startingWith } from '../../utils/search/postings';
import { type BenchTranscript, benchQueries, generateLibrary } from '../bench/library-data';
import { OracleEngine } from '../search-oracle/engine';

/**
 * The index's coded postings and document columns against the engine they replaced (test/search-oracle/, kept
 * as it was): the bench's queries over the same generated videos give the same results, scores, order, texts and
 * marks, through removals, a vacuum and a snapshot's round trip.
 */
const VIDEOS = 40;
const { transcripts, vocab } = generateLibrary(VIDEOS);
const queries = benchQueries(vocab, transcripts).map((q) => q.query);
const docsOf = (t: BenchTranscript, i: number): VideoDocs => ({
  videoId: t.videoId,
  title: t.title,
  channel: t.author,
  docs: [
    videoDoc(t.title, t.author),
    ...transcriptPassages(t.segments, INDEX_PASSAGE_SECONDS, 'en'),
    // Some analysis of two accounts, so the account filter and the kinds' boosts are compared too.
    { kind: 'summary', start: null, text: t.segments[1]?.text ?? '', account: i % 2 ? 'ann' : 'bob' },
    { kind: 'keypoint', start: 12.5, text: t.segments[2]?.text ?? '', account: 'ann' },
  ],
});

type Searcher = { search: SearchEngine['search'] };
const asked: SearchOptions[] = [
  { limit: 100_000 },
  { limit: 100 },
  { limit: 10, account: 'ann' },
  { videoIds: transcripts.slice(0, 7).map((t) => t.videoId), kinds: ['transcript', 'summary'], account: 'bob' },
];

function expectSame(engine: Searcher, oracle: Searcher): number {
  let found = 0;
  for (const query of queries) {
    for (const opts of asked) {
      const hits = engine.search(query, opts);
      expect(hits, `${query} ${JSON.stringify(opts)}`).toEqual(oracle.search(query, opts));
      found += hits.length;
    }
  }
  return found;
}

function both() {
  const engine = SearchEngine.create();
  const oracle = OracleEngine.create();
  transcripts.forEach((t, i) => {
    engine.setVideo(docsOf(t, i), `sig${i}`);
    oracle.setVideo(docsOf(t, i), `sig${i}`);
  });
  return { engine, oracle };
}

// Thousands of hits compared per test: room on a slow, busy machine (5.9 s there against the 5 s default; nothing
// here is timed).
describe('the coded index against the one it replaced', { timeout: 30_000 }, () => {
  it('finds the same on the bench queries: hits, scores, order, matched terms, texts and marks', () => {
    const { engine, oracle } = both();
    // Thousands of hits compared, not a few.
    expect(expectSame(engine, oracle)).toBeGreaterThan(5_000);
    expect(engine.documentCount).toBe(oracle.documentCount);
    // Its room to grow dropped (after a catch-up of many videos), it finds the same, and goes on indexing.
    engine.settle();
    expectSame(engine, oracle);
    for (const e of [engine, oracle]) e.setVideo(docsOf(transcripts[0] as BenchTranscript, 0), 'again');
    expectSame(engine, oracle);
  });

  it('still finds the same with videos removed, re-indexed and vacuumed, and after a snapshot round trip', () => {
    const { engine, oracle } = both();
    for (const e of [engine, oracle]) {
      for (const t of transcripts.slice(3, 9)) e.removeVideo(t.videoId);
    }
    // Removed videos' postings wait for the vacuum: the search skips them meanwhile.
    expectSame(engine, oracle);
    for (const e of [engine, oracle]) {
      for (const t of transcripts.slice(9, 30)) e.removeVideo(t.videoId);
      transcripts.slice(20, 25).forEach((t, i) => {
        e.setVideo(docsOf(t, i), 'again');
      });
    }
    expectSame(engine, oracle);
    // A snapshot drops removed documents' postings (BM25's counts with them): both are restored from theirs.
    const restored = SearchEngine.load(structuredClone(engine.toSnapshot()));
    const reference = OracleEngine.load(structuredClone(oracle.toSnapshot()));
    expect(restored?.videoIds()).toEqual(reference?.videoIds());
    expect(restored?.signatureOf(transcripts[21]?.videoId ?? '')).toBe('again');
    expectSame(restored ?? engine, reference ?? oracle);
    // And it goes on indexing after the load: new postings after the loaded ones.
    for (const e of [restored, reference]) e?.setVideo(docsOf(transcripts[5] as BenchTranscript, 5), 'back');
    expectSame(restored ?? engine, reference ?? oracle);
  });

  it('keeps a snapshot as it was taken while the index goes on changing (it shares the index’s buffers)', () => {
    const { engine, oracle } = both();
    const taken = engine.toSnapshot();
    const reference = OracleEngine.load(structuredClone(oracle.toSnapshot()));
    // Stored later (IndexedDB clones it when the database is open): meanwhile videos come and go.
    for (const t of transcripts.slice(0, 6)) engine.removeVideo(t.videoId);
    engine.setVideo(docsOf(transcripts[0] as BenchTranscript, 0), 'new');
    engine.setVideo({ videoId: 'another', title: 'Another', channel: 'Elsewhere', docs: [videoDoc('x', 'y')] });
    const restored = SearchEngine.load(structuredClone(taken));
    expect(restored?.videoCount).toBe(VIDEOS);
    expectSame(restored ?? engine, reference ?? oracle);
  });
  it('snapshots an index nothing was removed from as a vacuum would have left it, without one', () => {
    const whole = SearchEngine.create();
    const churned = SearchEngine.create();
    transcripts.forEach((t, i) => {
      whole.setVideo(docsOf(t, i), `sig${i}`);
      churned.setVideo(docsOf(t, i), `sig${i}`);
    });
    // Added and removed: the churned index's snapshot vacuums (renumbers, re-codes); the whole one's only packs.
    churned.setVideo({ videoId: 'gone', title: 'Gone', channel: 'Nowhere', docs: [videoDoc('zyx wvu', 'tsr')] });
    churned.removeVideo('gone');
    expect(structuredClone(whole.toSnapshot())).toEqual(structuredClone(churned.toSnapshot()));
  });
});

describe('the coded postings', () => {
  const coded = () => {
    const p = new CodedPostings();
    for (let doc = 0; doc < 3_000; doc++) {
      p.add(doc % 3 ? 'often' : 'rare', doc * 7, 1 + (doc % 300));
      if (doc % 100 === 0) p.add('far', doc * 200_000, 2);
    }
    return p;
  };
  const walk = (p: CodedPostings, term: string) => {
    const out: [number, number][] = [];
    const cursor = p.cursor(term);
    while (cursor?.next()) out.push([cursor.id, cursor.tf]);
    return out;
  };

  it('walks each term in id order with its counts capped at 255, gaps of several bytes included', () => {
    const p = coded();
    const far = walk(p, 'far');
    expect(far).toHaveLength(30);
    expect(far[29]).toEqual([2_900 * 200_000, 2]);
    const rare = walk(p, 'rare');
    expect(rare.slice(0, 2)).toEqual([
      [0, 1],
      [21, 4],
    ]);
    expect(Math.max(...rare.map(([, tf]) => tf))).toBe(255);
    expect(p.frequency('often')).toBe(2_000);
    expect(startingWith(p.terms(), 'fa')).toEqual(['far']);
  });

  it('drops removed documents and renumbers in one vacuum, order kept', () => {
    const p = coded();
    p.removed(20_000);
    expect(p.due).toBe(true);
    p.vacuum((id) => (id % 14 === 0 ? id / 14 : -1));
    expect(p.due).toBe(false);
    expect(walk(p, 'rare').slice(0, 3)).toEqual([
      [0, 1],
      [3, 7],
      [6, 13],
    ]);
    expect(p.has('far')).toBe(true);
    expect(p.frequency('often')).toBe(1_000);
  });

  it('packs and unpacks, and refuses runs that do not add up', () => {
    const packed = structuredClone(coded().pack());
    const back = CodedPostings.unpack(packed);
    expect(back && walk(back, 'rare')).toEqual(walk(coded(), 'rare'));
    back?.add('rare', 30_000, 3);
    expect(back && walk(back, 'rare').at(-1)).toEqual([30_000, 3]);
    const cut = { ...packed, data: packed.data.subarray(0, packed.data.length - 1) };
    const miscounted = { ...packed, counts: packed.counts.map((n, i) => (i === 0 ? n + 1 : n)) };
    const resized = { ...packed, sizes: packed.sizes.map((n, i) => (i === 0 ? n - 1 : i === 1 ? n + 1 : n)) };
    const twice = { ...packed, terms: packed.terms.map(() => 'same') };
    for (const bad of [cut, miscounted, resized, twice]) expect(CodedPostings.unpack(bad)).toBeNull();
  });
});
