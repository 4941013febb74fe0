import { z } from 'zod';
import { AnalysisMode } from '../api/schemas';
import { BYTES_PER_MB, LANG_CODE, MAX_LIBRARY_VIDEOS, MAX_QUESTION_CHARS, MAX_VIDEO_SECONDS } from '../bounds';
import { t } from '../i18n/catalogue';
import { formatCount } from '../i18n/format';
import { MAX_ITEMS_PER_VIDEO, NoteItem } from '../notes/model';
import { isVideoId } from '../video-id';

/**
 * The library's JSON export, which is also what an import accepts: everything the extension holds for a
 * set of videos (transcripts, the account's analyses and answers, the person's highlights and notes: `notes`, absent
 * in files written before them). Every string and list has a ceiling, so a
 * hostile or corrupt file is refused with a sentence before anything is written.
 */
export const LIBRARY_FORMAT = 'transcript-lens-library';
export const LIBRARY_VERSION = 1;
/** Refused before reading: a real library of 1,000 hour-long videos is about 40 MB. */
export const MAX_IMPORT_BYTES = 50 * BYTES_PER_MB;

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
    for (const [i, v] of file.videos.entries()) {
      if (seen.has(v.videoId))
        ctx.addIssue({
          code: 'custom',
          path: ['videos', i, 'videoId'],
          message: t('background.library.problem.twice'),
        });
      seen.add(v.videoId);
      for (const [j, note] of (v.notes ?? []).entries())
        if (note.videoId !== v.videoId)
          ctx.addIssue({
            code: 'custom',
            path: ['videos', i, 'notes', j, 'videoId'],
            message: t('background.library.problem.otherVideo'),
          });
    }
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
  const at = place(issue.path);
  const head = issue.path[0] === 'format' || issue.path[0] === 'version' || at === '';
  if (head) return t('background.library.notExportJson');
  return t('background.library.cannotImport', { at, problem: problem(issue) });
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
  if (bytes > MAX_IMPORT_BYTES)
    return t('background.library.tooBig', {
      mb: (bytes / BYTES_PER_MB).toFixed(1),
      max: MAX_IMPORT_BYTES / BYTES_PER_MB,
    });
  if (bytes === 0) return t('background.library.empty');
  return null;
}
