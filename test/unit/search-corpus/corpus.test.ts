import { describe, expect, it } from 'vitest';
import { SearchEngine, transcriptPassages, videoDoc } from '../../../utils/search';
import { createSearchIndex, highlightSpans } from '../../../utils/search/fold';
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

  it.each(queries)('the panel finds "$q" in the cues written by hand, and marks it', ({ q, library, panel }) => {
    const index = createSearchIndex(cues);
    const found = index.find(q);
    expect(found).toEqual(panel ?? library);
    for (const cue of found) expect(highlightSpans(cues[cue] ?? '', q).length).toBeGreaterThan(0);
  });
});
