import type { Video } from './catalog';
import type { JobRecord } from './jobs';
import { clock, type Frame, framesFor, speechFor } from './media';
import type { AskAnswer, Citation, Segment } from './response-schemas';

const STOP = new Set(
  'a an and are about as at be by can did do does for from how in is it its of on or said say says says show shown shows so that the this to video was what when where which who why with you your there their they them then than into also any some more most'.split(
    ' ',
  ),
);

/** Content words of a text, lower-cased, with a plural s stripped so "galaxy" meets "galaxies" poorly but "orbits" meets "orbit". */
export function keywords(text: string): Set<string> {
  const words = text.toLowerCase().match(/\p{L}[\p{L}\p{N}'-]*/gu) ?? [];
  return new Set(
    words
      .filter((w) => w.length > 2 && !STOP.has(w))
      .map((w) => (w.length > 4 && w.endsWith('s') ? w.slice(0, -1) : w)),
  );
}

function overlap(question: Set<string>, text: string): number {
  let score = 0;
  for (const word of keywords(text)) if (question.has(word)) score++;
  return score;
}

function best<T>(items: readonly T[], text: (item: T) => string, question: Set<string>, take: number): T[] {
  return items
    .map((item, index) => ({ item, index, score: overlap(question, text(item)) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, take)
    .sort((a, b) => a.index - b.index)
    .map((x) => x.item);
}

/** Times the question mentions ("at 3:15"): claims about what is on screen then. */
function mentionedTimes(question: string): number[] {
  return [...question.matchAll(/\b(?:(\d+):)?(\d{1,2}):(\d{2})\b/g)].map(
    (m) => Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]),
  );
}

/** The citation rules: visual within 8 s of a stored frame showing it; spoken on a real segment saying it. */
export function verifyCitation(citation: Citation, segments: readonly Segment[], frames: readonly Frame[]): boolean {
  const quote = citation.quote.trim().toLowerCase();
  if (!quote) return false;
  if (citation.kind === 'visual') {
    return frames.some((f) => Math.abs(f.time - citation.time) <= 8 && f.description.toLowerCase().includes(quote));
  }
  return segments.some(
    (s) => citation.time >= s.start && citation.time < s.start + s.duration && s.text.toLowerCase().includes(quote),
  );
}

/** Answers from the analysed part of the video; every proposed citation is checked and dropped if it fails. */
export function answerQuestion(video: Video, job: JobRecord, question: string): Omit<AskAnswer, 'aiUnitsRemaining'> {
  const limit = job.analyzedSeconds;
  const segments = speechFor(video, job.lang).filter((s) => s.start < limit);
  const frames = framesFor(video).filter((f) => f.time < limit);
  const words = keywords(question);
  const proposed: Citation[] = [
    ...best(segments, (s) => s.text, words, 3).map((s): Citation => ({ kind: 'speech', time: s.start, quote: s.text })),
    ...best(frames, (f) => f.description, words, 2).map(
      (f): Citation => ({ kind: 'visual', time: f.time, quote: f.description }),
    ),
    // A claim about the screen at a mentioned time, phrased from the frame nearest in the whole video: it
    // fails the check when that time lies outside the analysed frames.
    ...mentionedTimes(question).map((time): Citation => {
      const nearest = framesFor(video).find((f) => f.time >= time) ?? frames.at(-1);
      return { kind: 'visual', time, quote: nearest?.description ?? 'the screen' };
    }),
  ];
  const citations = proposed.filter((c) => verifyCitation(c, segments, frames));
  if (citations.length === 0) {
    return {
      jobId: job.jobId,
      question,
      answer:
        'The evidence is insufficient: nothing said or shown in the analysed video supports an answer to this question.',
      citations: [],
      insufficientEvidence: true,
    };
  }
  const lines = citations.map((c) =>
    c.kind === 'speech'
      ? `At ${clock(c.time)} the speaker says: "${c.quote}"`
      : `At ${clock(c.time)} the screen shows: ${c.quote}.`,
  );
  return { jobId: job.jobId, question, answer: lines.join('\n'), citations, insufficientEvidence: false };
}
