import { AI_UNITS_PER_MINUTE } from '../../../utils/api/schemas';
import type { ListedEntry } from '../../../utils/cache';
import type { FileVideo } from '../../../utils/library/file';
import type { LibraryItem } from '../../../utils/library/replies';
import {
  analysisDocs,
  answerDocs,
  INDEX_PASSAGE_SECONDS,
  transcriptPassages,
  type VideoDocs,
  videoDoc,
} from '../../../utils/search';
import type { SavedTranscript } from '../saved/transcripts';
import type { Holding, Sources } from './holdings';

const clip = (text: string | null | undefined, max: number) => (typeof text === 'string' ? text.slice(0, max) : null);

function duration(sources: Sources): number | null {
  const ends = sources.transcripts.map(({ value }) => {
    const last = value.segments.at(-1);
    return last ? last.start + (last.duration || 0) : 0;
  });
  const longest = Math.max(0, ...ends);
  return longest > 0 ? longest : null;
}

/** What starting the analysis again would cost: started minutes × the mode's rate, when both are known. */
function rebuyUnits(sources: Sources): number | null {
  const job = sources.holding.job;
  const seconds = duration(sources);
  if (!job || seconds === null || job.partial || job.mode === 'auto') return null;
  const rate = job.mode === 'deep' ? AI_UNITS_PER_MINUTE.deep : AI_UNITS_PER_MINUTE.standard;
  return Math.max(1, Math.ceil(seconds / 60)) * rate;
}

/** The library's row for a video. */
export function itemOf(sources: Sources): LibraryItem {
  const { holding, transcripts, analysis, answers } = sources;
  const first = transcripts[0]?.value;
  // When it was bought, not when this browser stored it: the order survives an export and an import.
  const times = [
    ...transcripts.map((t) => (Number.isFinite(t.value.fetchedAt) ? t.value.fetchedAt : t.storedAt)),
    ...(analysis ? [holding.job?.endedAt ?? analysis.storedAt] : []),
    ...(answers
      ? [Math.max(0, ...answers.value.map((a) => a.askedAt).filter(Number.isFinite)) || answers.storedAt]
      : []),
  ];
  const sizes = [...holding.transcripts, holding.analysis, holding.answers].flatMap((e) => (e ? [e.bytes] : []));
  return {
    videoId: holding.videoId,
    title: clip(first?.title, 500) ?? clip(holding.job?.title, 500),
    channel: clip(first?.author, 500),
    savedAt: Math.max(0, ...times),
    language: first?.language ?? null,
    languageCode: first?.languageCode ?? null,
    isGenerated: first ? first.isGenerated : null,
    transcript: transcripts.length
      ? {
          tracks: transcripts.length,
          bytes: holding.transcripts.reduce((n, t) => n + t.bytes, 0),
          durationSeconds: duration(sources),
        }
      : null,
    analysis:
      analysis && holding.analysis
        ? {
            mode: holding.job?.mode ?? null,
            partial: holding.job?.partial ?? false,
            bytes: holding.analysis.bytes,
            aiUnits: rebuyUnits(sources),
          }
        : null,
    questions:
      answers?.value.length && holding.answers ? { count: answers.value.length, bytes: holding.answers.bytes } : null,
    bytes: sizes.reduce((n, b) => n + b, 0),
  };
}

/**
 * The row of a video not read yet, from its holding alone (keys and sizes): what it holds and takes, its title
 * when a job record names it. `pending` until its values are read; what removing it gives up is not known yet.
 */
export function pendingItemOf(holding: Holding): LibraryItem {
  const { job } = holding;
  const bytes = (entries: (ListedEntry | null)[]) => entries.reduce((n, e) => n + (e?.bytes ?? 0), 0);
  return {
    videoId: holding.videoId,
    title: job?.title ? clip(job.title, 500) : null,
    channel: null,
    savedAt: 0,
    language: null,
    languageCode: null,
    isGenerated: null,
    transcript: holding.transcripts.length
      ? { tracks: holding.transcripts.length, bytes: bytes(holding.transcripts), durationSeconds: null }
      : null,
    analysis: holding.analysis
      ? { mode: job?.mode ?? null, partial: job?.partial ?? false, bytes: holding.analysis.bytes, aiUnits: null }
      : null,
    questions: null,
    bytes: bytes([...holding.transcripts, holding.analysis, holding.answers]),
    pending: true,
  };
}

/** Everything of the video the search finds: its title, every saved track, the analysis, the answers. */
export function docsOf(sources: Sources, item: LibraryItem, account: string): VideoDocs {
  const title = item.title ?? '';
  const channel = item.channel ?? '';
  return {
    videoId: item.videoId,
    title,
    channel,
    docs: [
      videoDoc(title, channel),
      ...sources.transcripts.flatMap((t) =>
        transcriptPassages(t.value.segments, INDEX_PASSAGE_SECONDS, t.value.languageCode),
      ),
      ...(sources.analysis ? analysisDocs(sources.analysis.value.artifact, account) : []),
      ...(sources.answers ? answerDocs(sources.answers.value, account) : []),
    ],
  };
}

/** A saved transcript as the library's JSON export holds it (export-text.ts writes its cues from their blocks). */
export function fileTranscriptOf(value: SavedTranscript): FileVideo['transcripts'][number] {
  return {
    languageCode: value.languageCode,
    language: value.language,
    isGenerated: value.isGenerated,
    title: value.title,
    author: value.author,
    text: value.text,
    fetchedAt: value.fetchedAt,
    segments: value.segments.map(({ text, start, duration }) => ({ text, start, duration })),
  };
}

/** The video as the library's JSON export holds it. */
export function fileVideoOf(sources: Sources, item: LibraryItem): FileVideo {
  const job = sources.holding.job;
  return {
    videoId: item.videoId,
    title: item.title,
    channel: item.channel,
    transcripts: sources.transcripts.map(({ value }) => fileTranscriptOf(value)),
    analysis:
      sources.analysis && job
        ? {
            jobId: sources.analysis.value.jobId,
            mode: job.mode,
            partial: job.partial,
            lang: job.lang,
            startedAt: job.startedAt,
            endedAt: job.endedAt,
            artifact: sources.analysis.value.artifact,
          }
        : null,
    answers: (sources.answers?.value ?? []).map(({ question, askedAt, answer }) => ({ question, askedAt, answer })),
  };
}
