import { z } from 'zod';
import { AnalysisMode } from '../api/schemas';
import { LANG_CODE, MAX_LIBRARY_VIDEOS, MAX_QUESTION_CHARS, MAX_VIDEO_SECONDS } from '../bounds';
import { t } from '../i18n/catalogue';
import { formatCount } from '../i18n/format';
import { MAX_ITEMS_PER_VIDEO } from '../notes/limits';
import { NoteItem } from '../notes/model';
import { isVideoId } from '../video-id';

/**
 * The library's JSON export, which is also what an import accepts: everything the extension holds for a
 * set of videos (transcripts, the account's analyses and answers, the person's highlights and notes: `notes`, absent
 * in files written before them). Every string and list has a ceiling, so a
 * hostile or corrupt file is refused with a sentence before anything is written.
 */
export const LIBRARY_FORMAT = 'transcript-lens-library';
export const LIBRARY_VERSION = 1;
/** A file is read as a stream (file-read.ts), so its size has no cap; one video's JSON has this one. */
export const MAX_VIDEO_MB = 50;

const LIMITS = {
  title: 500,
  text: 5_000,
  transcript: 2_000_000,
  segments: 50_000,
  videos: MAX_LIBRARY_VIDEOS,
  question: MAX_QUESTION_CHARS,
};
const MAX_JSON_CHARS = 2_000_000;
const MAX_DEPTH = 32;

const Text = (max: number) => z.string().max(max);
const Time = z.number().finite().min(0).max(MAX_VIDEO_SECONDS);
const Millis = z.number().int().min(0).max(8.64e15);
const Lang = z.string().regex(LANG_CODE, 'is not a language code');

function depth(value: unknown, level = 0): number {
  if (level > MAX_DEPTH || value === null || typeof value !== 'object') return level;
  let deepest = level;
  for (const v of Object.values(value)) deepest = Math.max(deepest, depth(v, level + 1));
  return deepest;
}

/** A service body kept as it came (its shape is not shown in the spec), within a size and nesting ceiling. */
const Body = z.unknown().superRefine((value, ctx) => {
  const json = JSON.stringify(value) ?? '';
  if (json.length > MAX_JSON_CHARS)
    ctx.addIssue({ code: 'custom', message: t('background.library.problem.largerThan', { mb: 2 }) });
  else if (depth(value) > MAX_DEPTH)
    ctx.addIssue({ code: 'custom', message: t('background.library.problem.tooDeep', { n: MAX_DEPTH }) });
});

export const FileTranscript = z
  .object({
    languageCode: Lang,
    language: Text(LIMITS.title),
    isGenerated: z.boolean(),
    title: Text(LIMITS.title).nullable(),
    author: Text(LIMITS.title).nullable(),
    text: Text(LIMITS.transcript),
    fetchedAt: Millis,
    segments: z
      .array(z.object({ text: Text(LIMITS.text), start: Time, duration: z.number().finite().min(0).max(86_400) }))
      .max(LIMITS.segments),
  })
  .strict();

export const FileAnalysis = z
  .object({
    jobId: z.number().int().nonnegative(),
    mode: AnalysisMode,
    partial: z.boolean(),
    lang: Lang.nullable(),
    startedAt: Millis,
    endedAt: Millis.nullable(),
    artifact: Body,
  })
  .strict();

export const FileAnswer = z.object({ question: Text(LIMITS.question).min(1), askedAt: Millis, answer: Body }).strict();

export const FileVideo = z
  .object({
    videoId: z.string().refine(isVideoId, 'is not a video id'),
    title: Text(LIMITS.title).nullable(),
    channel: Text(LIMITS.title).nullable(),
    transcripts: z.array(FileTranscript).max(20),
    analysis: FileAnalysis.nullable(),
    answers: z.array(FileAnswer).max(200),
    notes: z.array(NoteItem).max(MAX_ITEMS_PER_VIDEO).optional(),
  })
  .strict();
export type FileVideo = z.infer<typeof FileVideo>;

/** What one video's schema cannot see: its id listed before (`seen`), its notes filed for another video. */
export function crossProblems(v: FileVideo, i: number, seen: Set<string>) {
  const issues: { code: 'custom'; path: (string | number)[]; message: string }[] = [];
  if (seen.has(v.videoId))
    issues.push({ code: 'custom', path: ['videos', i, 'videoId'], message: t('background.library.problem.twice') });
  seen.add(v.videoId);
  for (const [j, note] of (v.notes ?? []).entries())
    if (note.videoId !== v.videoId)
      issues.push({
        code: 'custom',
        path: ['videos', i, 'notes', j, 'videoId'],
        message: t('background.library.problem.otherVideo'),
      });
  return issues;
}

export const LibraryFile = z
  .object({
    format: z.literal(LIBRARY_FORMAT),
    version: z.literal(LIBRARY_VERSION),
    exportedAt: z.string().max(40),
    videos: z.array(FileVideo).max(LIMITS.videos),
  })
  .strict()
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    for (const [i, v] of file.videos.entries()) for (const issue of crossProblems(v, i, seen)) ctx.addIssue(issue);
  });
export type LibraryFile = z.infer<typeof LibraryFile>;

/** The parts of a library file a person can count, each named in the interface language. */
const PARTS = {
  videos: (n: number) => t('background.library.at.video', { n }),
  transcripts: (n: number) => t('background.library.at.transcript', { n }),
  segments: (n: number) => t('background.library.at.cue', { n }),
  answers: (n: number) => t('background.library.at.answer', { n }),
  notes: (n: number) => t('background.library.at.note', { n }),
} as const;
const isPart = (key: string): key is keyof typeof PARTS => Object.hasOwn(PARTS, key);

/** Where in the file, for a person: "video 3, transcript 1, cue 12, text" (field names stay as the file has them). */
function place(path: readonly PropertyKey[]): string {
  const parts: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const key = String(path[i]);
    const next = path[i + 1];
    if (isPart(key) && typeof next === 'number') {
      parts.push(PARTS[key](next + 1));
      i++;
    } else parts.push(key);
  }
  return parts.join(', ');
}

function problem(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_big') {
    const n = formatCount(Number(issue.maximum));
    if (issue.origin === 'string') return t('background.library.problem.moreCharacters', { n });
    if (issue.origin === 'array') return t('background.library.problem.moreItems', { n });
    return t('background.library.problem.tooLarge');
  }
  if (issue.code === 'invalid_type') return t('background.library.problem.missing', { type: issue.expected });
  if (issue.code === 'unrecognized_keys') {
    return t('background.library.problem.unknownFields', { fields: issue.keys.join(', ') });
  }
  // A refinement's own sentence is the catalogue's (above); any other problem is never said in zod's English.
  if (issue.code === 'custom') return issue.message;
  return t('background.library.problem.badValue');
}

/** The first problem of a file that is not a library export, as one sentence; nothing was imported. */
export function fileProblem(error: z.ZodError): string {
  const [issue] = error.issues;
  if (!issue) return t('background.library.notExport');
  const head = issue.path[0] === 'format' || issue.path[0] === 'version' || issue.path.length === 0;
  if (head) return t('background.library.notExportJson');
  return refusalAt(issue.path, problem(issue));
}

export type Parsed = { ok: true; file: LibraryFile } | { ok: false; message: string };

/** Reads a file's text: JSON first, then the schema; every refusal is a sentence. */
export function parseLibraryText(text: string): Parsed {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: t('background.library.notJson') };
  }
  const parsed = LibraryFile.safeParse(json);
  return parsed.success ? { ok: true, file: parsed.data } : { ok: false, message: fileProblem(parsed.error) };
}

/** Checked before the file is read at all. */
export function sizeProblem(bytes: number): string | null {
  return bytes === 0 ? t('background.library.empty') : null;
}

/** A refusal at a place of the file with its problem: "video 3 is larger than 50 MB". */
export function refusalAt(path: readonly PropertyKey[], problem: string): string {
  return t('background.library.cannotImport', { at: place(path), problem });
}
