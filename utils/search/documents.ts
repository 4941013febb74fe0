import { normalizeAnswer } from '../api/read/answer';
import { normalizeArtifact } from '../api/read/artifact';
import type { PanelTab } from '../panel/url';

/**
 * What the library search finds: passages of saved transcripts, the parts of analyses and answers, and the
 * person's own notes and highlights, each with the moment it is about. `video` stands for the title and channel (one per video), so a title word
 * finds the video once instead of every passage of it.
 */
export const DOC_KINDS = [
  'video',
  'transcript',
  'summary',
  'chapter',
  'keypoint',
  'evidence',
  'answer',
  'citation',
  'note',
  'highlight',
] as const;
export type DocKind = (typeof DOC_KINDS)[number];

export type SearchDoc = {
  kind: DocKind;
  /** Seconds into the video, when the part is about a moment. */
  start: number | null;
  text: string;
  /** The account an analysis or answer belongs to ('' for transcripts and titles, which are everyone's). */
  account: string;
  /** Transcript passages: pairs of [character offset, start in tenths of a second], one per cue. */
  marks?: number[];
  /** The transcript's language as the service gave it (a BCP 47 code): how its words are cut (terms.ts). */
  lang?: string;
};

/** Everything one video contributes to the index. */
export type VideoDocs = { videoId: string; title: string; channel: string; docs: SearchDoc[] };

/** The panel tab a kind of result opens on. */
export const TAB_OF: Readonly<Record<DocKind, PanelTab>> = {
  video: 'transcript',
  transcript: 'transcript',
  summary: 'analysis',
  chapter: 'analysis',
  keypoint: 'analysis',
  evidence: 'analysis',
  answer: 'ask',
  citation: 'ask',
  note: 'notes',
  highlight: 'notes',
};

export const KIND_NAME: Readonly<Record<DocKind, string>> = {
  video: 'Title',
  transcript: 'Transcript',
  summary: 'Summary',
  chapter: 'Chapter',
  keypoint: 'Key point',
  evidence: 'Evidence',
  answer: 'Answer',
  citation: 'Citation',
  note: 'Note',
  highlight: 'Highlight',
};

export const PASSAGE_SECONDS = 30;
/**
 * The index's passages are longer: a common word then scores a third as many documents and the index holds a
 * third as many postings and stored records (background.heap_mb_1000_videos, library.search_ms_1000_videos);
 * the marks still open a match at its own cue, and the snippet is cut around the match (highlight.ts excerpt).
 */
export const INDEX_PASSAGE_SECONDS = 90;
type Cue = { text: string; start: number };

/**
 * Cues grouped into passages of about `seconds` (30 unless told), each starting at its first cue: a 60-minute video is 120
 * documents instead of 1,200, and each cue's place is kept (marks) so a match opens at its own cue.
 */
export function transcriptPassages(segments: readonly Cue[], seconds = PASSAGE_SECONDS, lang?: string): SearchDoc[] {
  const out: SearchDoc[] = [];
  let current: { start: number; text: string; marks: number[] } | null = null;
  const passage = (p: { start: number; text: string; marks: number[] }): SearchDoc => ({
    kind: 'transcript',
    start: p.start,
    text: p.text,
    account: '',
    marks: p.marks,
    ...(lang ? { lang } : {}),
  });
  for (const cue of segments) {
    const words = typeof cue.text === 'string' ? cue.text.replace(/\s+/g, ' ').trim() : '';
    if (!words || !Number.isFinite(cue.start)) continue;
    if (current && cue.start - current.start >= seconds) {
      out.push(passage(current));
      current = null;
    }
    current ??= { start: cue.start, text: '', marks: [] };
    if (current.text) current.text += ' ';
    current.marks.push(current.text.length, Math.round(cue.start * 10));
    current.text += words;
  }
  if (current) out.push(passage(current));
  return out;
}

/** The moment of the cue holding character `offset` of a passage (its start when it has no marks). */
export function momentAt(doc: Pick<SearchDoc, 'start' | 'marks'>, offset: number): number | null {
  const marks = doc.marks ?? [];
  let moment = doc.start;
  for (let i = 0; i + 1 < marks.length; i += 2) {
    const at = marks[i] ?? 0;
    if (at > offset) break;
    moment = (marks[i + 1] ?? 0) / 10;
  }
  return moment;
}

/** The summary, chapters, key points and evidence of an analysis, read leniently (utils/api/read/artifact.ts). */
export function analysisDocs(artifact: unknown, account: string): SearchDoc[] {
  const read = normalizeArtifact(artifact);
  const doc = (kind: DocKind, start: number | null, text: string): SearchDoc => ({ kind, start, text, account });
  return [
    ...read.summary.map((p) => doc('summary', null, p)),
    ...read.chapters.map((c) => doc('chapter', c.start, c.title)),
    ...read.keyPoints.map((k) => doc('keypoint', k.time, k.text)),
    ...read.evidence.map((e) => doc('evidence', e.time, e.text)),
  ].filter((d) => d.text.trim().length > 0);
}

/** Each question with its answer, and each citation's quote at its moment. */
export function answerDocs(entries: readonly { question: string; answer: unknown }[], account: string): SearchDoc[] {
  return entries.flatMap((entry) => {
    const read = normalizeAnswer(entry.answer);
    const first = read.citations.find((c) => c.time !== null)?.time ?? null;
    const answer: SearchDoc = { kind: 'answer', start: first, text: `${entry.question}\n${read.text}`, account };
    const citations = read.citations
      .filter((c) => c.quote.trim())
      .map((c): SearchDoc => ({ kind: 'citation', start: c.time, text: c.quote, account }));
    return [answer, ...citations];
  });
}

/** The one document that makes a video findable by its title and channel. */
export function videoDoc(title: string, channel: string): SearchDoc {
  return { kind: 'video', start: null, text: [title, channel].filter(Boolean).join(' · '), account: '' };
}
