import { describe, expect, it } from 'vitest';
import {
  analysisDocs,
  answerDocs,
  excerpt,
  INDEX_PASSAGE_SECONDS,
  matchSpans,
  momentAt,
  SearchEngine,
  searchVideos,
  transcriptPassages,
  type VideoDocs,
  videoDoc,
} from '../../utils/search';

const cues = (texts: string[], step = 5) => texts.map((text, i) => ({ text, start: i * step, duration: step }));

function video(videoId: string, texts: string[], title = `Video ${videoId}`, channel = 'Channel'): VideoDocs {
  return { videoId, title, channel, docs: [videoDoc(title, channel), ...transcriptPassages(cues(texts))] };
}

function engineWith(...videos: VideoDocs[]): SearchEngine {
  const engine = SearchEngine.create();
  for (const v of videos) engine.setVideo(v);
  return engine;
}

const A = 'aaaaaaaaaa1';
const B = 'bbbbbbbbbb2';

describe('transcript passages', () => {
  it('groups cues into ~30-second passages that start at their first cue and keep each cue’s place', () => {
    const docs = transcriptPassages(cues(['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'], 10));
    expect(docs.map((d) => [d.start, d.text])).toEqual([
      [0, 'one two three'],
      [30, 'four five six'],
      [60, 'seven eight'],
    ]);
    const second = docs[1];
    if (!second) throw new Error('no passage');
    expect(momentAt(second, second.text.indexOf('six'))).toBe(50);
    expect(momentAt(second, 0)).toBe(30);
  });

  it('makes the index’s passages ~90 seconds long, each cue still opening at its own moment', () => {
    const docs = transcriptPassages(
      cues(['a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7', 'h8', 'i9', 'j10'], 10),
      INDEX_PASSAGE_SECONDS,
    );
    expect(docs.map((d) => d.start)).toEqual([0, 90]);
    const first = docs[0];
    if (!first) throw new Error('no passage');
    expect(momentAt(first, first.text.indexOf('e5'))).toBe(40);
    expect(momentAt(first, first.text.indexOf('i9'))).toBe(80);
  });

  it('skips empty cues and folds whitespace', () => {
    expect(
      transcriptPassages([
        { text: '  a\n b ', start: 1 },
        { text: '', start: 2 },
      ]).map((d) => d.text),
    ).toEqual(['a b']);
  });
});

describe('library search engine', () => {
  const engine = engineWith(
    video(A, ['We measure the latency of consensus here.', 'Replication comes next.'], 'Distributed systems'),
    video(B, ['La crème brûlée needs a hot oven.', 'Café con leche for breakfast.'], 'Cocina', 'Chef'),
  );

  it('finds whole words with their video, kind and moment', () => {
    const [hit] = engine.search('replication');
    expect(hit).toMatchObject({ videoId: A, kind: 'transcript', start: 0, title: 'Distributed systems' });
    expect(hit?.terms).toEqual(['replication']);
  });

  it('finds a prefix of the last word as it is typed', () => {
    expect(engine.search('laten').map((h) => h.videoId)).toEqual([A]);
    expect(engine.search('consensus repl').map((h) => h.videoId)).toEqual([A]);
  });

  it('forgives a typo in a long word', () => {
    const hits = engine.search('replcation');
    expect(hits.map((h) => h.videoId)).toEqual([A]);
    expect(hits[0]?.terms).toEqual(['replication']);
  });

  it('folds accents both ways', () => {
    expect(engine.search('creme brulee').map((h) => h.videoId)).toEqual([B]);
    expect(engine.search('CAFÉ').map((h) => h.videoId)).toEqual([B]);
    const plain = engineWith(video(A, ['cafe au lait']));
    expect(plain.search('café').map((h) => h.videoId)).toEqual([A]);
  });

  it('needs every word to match', () => {
    expect(engine.search('latency oven')).toEqual([]);
  });

  it('finds a video by its title once, not every passage of it', () => {
    const hits = engine.search('distributed');
    expect(hits.map((h) => [h.videoId, h.kind])).toEqual([[A, 'video']]);
  });

  it('searches only the videos it is given', () => {
    const both = engineWith(video(A, ['shared words here']), video(B, ['shared words there']));
    expect(new Set(both.search('shared').map((h) => h.videoId))).toEqual(new Set([A, B]));
    expect(searchVideos(both, 'shared', [B]).map((h) => h.videoId)).toEqual([B]);
    expect(searchVideos(both, 'shared', [])).toEqual([]);
  });

  it('ignores stop words and blank queries', () => {
    expect(engine.search('the')).toEqual([]);
    expect(engine.search('   ')).toEqual([]);
  });

  it('removes and replaces a video', () => {
    const e = engineWith(video(A, ['alpha beta']), video(B, ['alpha gamma']));
    e.removeVideo(A);
    expect(e.search('alpha').map((h) => h.videoId)).toEqual([B]);
    e.setVideo(video(B, ['delta only']));
    expect(e.search('alpha')).toEqual([]);
    expect(e.search('delta').map((h) => h.videoId)).toEqual([B]);
    expect(e.videoIds()).toEqual([B]);
  });

  it('shows analyses and answers only to the account that holds them', () => {
    const e = SearchEngine.create();
    e.setVideo({
      videoId: A,
      title: 'T',
      channel: 'C',
      docs: [
        ...analysisDocs({ summary: 'Quorum math explained', keyPoints: [{ text: 'Quorum size', time: 12 }] }, 'acct1'),
        ...answerDocs(
          [{ question: 'Why quorum?', answer: { answer: 'Because', citations: [{ time: 7, quote: 'quorum wins' }] } }],
          'acct1',
        ),
      ],
    });
    expect(e.search('quorum', { account: 'acct2' })).toEqual([]);
    const kinds = e.search('quorum', { account: 'acct1' }).map((h) => [h.kind, h.start]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['summary', null],
        ['keypoint', 12],
        ['answer', 7],
        ['citation', 7],
      ]),
    );
  });

  it('survives a persistence round trip through IndexedDB’s structured clone', () => {
    const e = engineWith(video(A, ['persisted latency words']));
    e.setVideo(video(B, ['another café']), 'sig-b');
    const restored = SearchEngine.load(structuredClone(e.toSnapshot()));
    expect(restored).not.toBeNull();
    expect(restored?.search('latncy words').map((h) => h.videoId)).toEqual([A]);
    expect(restored?.search('cafe').map((h) => h.videoId)).toEqual([B]);
    expect(restored?.signatureOf(B)).toBe('sig-b');
    restored?.setVideo(video('ccccccccccc', ['new after load']));
    expect(restored?.search('new').map((h) => h.videoId)).toEqual(['ccccccccccc']);
  });

  it('refuses a snapshot it cannot read', () => {
    expect(SearchEngine.load(null)).toBeNull();
    expect(SearchEngine.load({ version: 99 })).toBeNull();
    expect(SearchEngine.load({ version: 1, nextId: 0, videos: [], index: { serializationVersion: 1 } })).toBeNull();
  });

  it('rebuilds rather than reuses an older snapshot (1: 30-second passages, 2: MiniSearch’s, 3: unsegmented words)', () => {
    const now = engineWith(video(A, ['old passages'])).toSnapshot();
    expect(SearchEngine.load(structuredClone(now))?.search('passages')).toHaveLength(1);
    for (const version of [1, 2, 3]) expect(SearchEngine.load(structuredClone({ ...now, version }))).toBeNull();
    const miniSearch = { version: 2, nextId: 1, videos: [], index: { serializationVersion: 2 } };
    expect(SearchEngine.load(miniSearch)).toBeNull();
  });
});

describe('highlighting', () => {
  it('marks the words whose terms matched, accents and case included', () => {
    const text = 'Le Café, the CAFE and cafés';
    expect(matchSpans(text, ['cafe']).map(([s, e]) => text.slice(s, e))).toEqual(['Café', 'CAFE']);
  });

  it('cuts a long passage around the first match', () => {
    const text = `${'word '.repeat(100)}target ${'tail '.repeat(100)}`;
    const cut = excerpt(text, matchSpans(text, ['target']), 60);
    expect(cut.text.length).toBeLessThan(70);
    const [span] = cut.spans;
    expect(span && cut.text.slice(span[0], span[1])).toBe('target');
  });
});
