import { describe, expect, it } from 'vitest';
import { SearchEngine, transcriptPassages, videoDoc } from '../../../utils/search';
import { createCueSearch, spansOf } from '../../../utils/search/cue-search';
import { matchSpans, matchSpansByWords } from '../../../utils/search/highlight';
import { CORPUS } from './corpus';

/** Each cue its own video, so a hit names the cue; the transcript's language given as the service gives it. */
const videoOf = (lang: string, cue: number) => `${lang}-${String(cue).padStart(8, '0')}`;
function engineOf(lang: string, cues: readonly string[]): SearchEngine {
  const engine = SearchEngine.create();
  cues.forEach((text, i) => {
    const docs = [videoDoc('', ''), ...transcriptPassages([{ text, start: 0 }], 90, lang)];
    engine.setVideo({ videoId: videoOf(lang, i), title: '', channel: '', docs });
  });
  return engine;
}
const cueOf = (videoId: string) => Number(videoId.slice(videoId.indexOf('-') + 1));

describe.each(CORPUS)('search in $lang', ({ lang, cues, queries }) => {
  const engine = engineOf(lang, cues);

  it.each(queries)('the library finds "$q" where written by hand, and marks its words', ({ q, library, marks }) => {
    const hits = engine.search(q, { kinds: ['transcript'] });
    expect(hits.map((h) => cueOf(h.videoId)).sort()).toEqual(library);
    const first = hits.find((h) => cueOf(h.videoId) === library[0]);
    if (!first) return;
    const spans = matchSpans(first.text, first.terms, first.lang);
    expect(spans.map(([s, e]) => first.text.slice(s, e))).toEqual(marks);
    // The quick way of marking agrees with cutting every word.
    expect(spans).toEqual(matchSpansByWords(first.text, first.terms, first.lang));
  });

  // The panel's "Search transcript": the language's cues as one transcript, found and marked as the library does.
  const panel = createCueSearch(cues, lang);

  it.each(queries)('the panel finds "$q" in the cues the library finds, and marks the same words', (query) => {
    const found = panel.find(query.q);
    const hitCues = [...new Set(found.matches.map((m) => m.cue))];
    expect(hitCues).toEqual(query.library);
    for (const cue of hitCues) {
      const text = cues[cue] ?? '';
      const spans = spansOf(text, found, cue, lang);
      // Its count is its <mark>s: each match of the cue is one marked word.
      expect(found.matches.filter((m) => m.cue === cue).map((m) => m.nth)).toEqual(spans.map((_, i) => i));
      if (cue === query.library[0]) expect(spans.map(([s, e]) => text.slice(s, e))).toEqual(query.marks);
    }
    for (const [cue] of cues.entries())
      if (!hitCues.includes(cue)) expect(spansOf(cues[cue] ?? '', found, cue, lang)).toEqual([]);
  });
});

describe('the panel and the words the library leaves out', () => {
  const cues = ['The cat and the dog', 'Then a theory', 'no such word here', 'I think, therefore I am'];
  const panel = createCueSearch(cues, 'en');
  const marked = (q: string) =>
    cues.flatMap((text, cue) => spansOf(text, panel.find(q), cue, 'en').map(([s, e]) => `${cue}:${text.slice(s, e)}`));

  it('looks for a query of stop words or single letters as whole words', () => {
    expect(marked('the')).toEqual(['0:The', '0:the']);
    expect(marked('i')).toEqual(['3:I', '3:I']);
    expect(panel.find('the').matches).toHaveLength(2);
  });

  it('leaves them out beside other words, as the library does', () => {
    expect(marked('the cat')).toEqual(['0:cat']);
    expect(marked('the theo')).toEqual(['1:theory']);
  });

  it('finds no word inside another', () => {
    expect(marked('hen')).toEqual([]);
    expect(marked('ink')).toEqual([]);
    expect(panel.find('   ').matches).toEqual([]);
  });
});
