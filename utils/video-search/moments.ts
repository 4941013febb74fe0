import type { SearchHit } from '../search/engine';
import { matchSpans } from '../search/highlight';
import { type FoundMoment, MOMENTS_PER_VIDEO, type VideoFindings } from './replies';
import { inRange, type TimeRange } from './time-range';

/**
 * Library search hits (passages of saved transcripts, utils/search/documents.ts) as moments: each cue of a
 * passage that holds a matched word becomes one moment, quoted with the cues either side of it, the way the
 * service's search quotes its matches. Grouped by video, best video first, moments in time order.
 */
type Cue = { at: number; from: number; to: number };

const MAX_CONTEXT = 300;
const clipEnd = (text: string) => (text.length > MAX_CONTEXT ? `${text.slice(0, MAX_CONTEXT).trimEnd()} …` : text);
const clipStart = (text: string) => (text.length > MAX_CONTEXT ? `… ${text.slice(-MAX_CONTEXT).trimStart()}` : text);

/** The cues of a passage from its marks: pairs of [character offset, start in tenths of a second]. */
function cuesOf(hit: Pick<SearchHit, 'text' | 'marks'>): Cue[] {
  const marks = hit.marks ?? [];
  const cues: Cue[] = [];
  for (let i = 0; i + 1 < marks.length; i += 2) {
    const from = marks[i] ?? 0;
    const next = marks[i + 2];
    cues.push({ at: (marks[i + 1] ?? 0) / 10, from, to: next === undefined ? hit.text.length : next });
  }
  return cues;
}

/** Every cue of the passage that holds a matched word, as a moment. */
export function momentsOfHit(hit: Pick<SearchHit, 'text' | 'marks' | 'terms' | 'start' | 'lang'>): FoundMoment[] {
  // Words cut in the transcript's language, as the index cut them.
  const spans = matchSpans(hit.text, hit.terms, hit.lang || undefined);
  const cues = cuesOf(hit);
  const slice = (cue: Cue | undefined) => (cue ? hit.text.slice(cue.from, cue.to).trim() : '');
  if (cues.length === 0) return [{ at: hit.start, before: '', quote: clipEnd(hit.text), after: '' }];
  const picked = new Set<number>();
  for (const [start] of spans) {
    let index = 0;
    while (index + 1 < cues.length && (cues[index + 1]?.from ?? Infinity) <= start) index++;
    picked.add(index);
  }
  return [...picked].map((i) => ({
    at: cues[i]?.at ?? hit.start,
    before: clipStart(slice(cues[i - 1])),
    quote: slice(cues[i]),
    after: clipEnd(slice(cues[i + 1])),
  }));
}

/** Hits (best first) grouped by video, in the order each video first appears; moments outside the range dropped. */
export function groupLocalHits(hits: readonly SearchHit[], range: TimeRange): VideoFindings[] {
  const groups = new Map<string, { title: string; lang: string; moments: FoundMoment[]; terms: Set<string> }>();
  for (const hit of hits) {
    const moments = momentsOfHit(hit).filter((m) => m.at === null || inRange(m.at, range));
    if (moments.length === 0) continue;
    let group = groups.get(hit.videoId);
    if (!group) {
      group = { title: hit.title, lang: hit.lang, moments: [], terms: new Set() };
      groups.set(hit.videoId, group);
    }
    group.moments.push(...moments);
    for (const term of hit.terms) group.terms.add(term);
  }
  return [...groups].map(([videoId, group]) => {
    const seen = new Set<string>();
    const moments = group.moments
      .filter((m) => {
        const key = `${m.at}|${m.quote}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .sort((a, b) => (a.at ?? 0) - (b.at ?? 0));
    return {
      videoId,
      title: group.title || null,
      source: 'saved' as const,
      moments: moments.slice(0, MOMENTS_PER_VIDEO),
      more: Math.max(0, moments.length - MOMENTS_PER_VIDEO),
      terms: [...group.terms],
      ...(group.lang ? { lang: group.lang } : {}),
      error: null,
      other: [],
    };
  });
}
