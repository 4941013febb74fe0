import { z } from 'zod';
import { MAX_LIBRARY_VIDEOS } from '../bounds';
import { t } from '../i18n/catalogue';
import { formatCount } from '../i18n/format';
import {
  crossProblems,
  FileVideo,
  fileProblem,
  LIBRARY_FORMAT,
  LIBRARY_VERSION,
  LibraryFile,
  MAX_VIDEO_MB,
  refusalAt,
} from './file';

/** A file refused part way through, with its sentence (where and why); nothing after it is read. */
export class FileRefused extends Error {}

export type FileHead = Omit<LibraryFile, 'videos'>;

const MAX_VIDEO_CHARS = MAX_VIDEO_MB * 1024 * 1024;
/** The file's other members are short (format, version, date): anything longer is not a library file. */
const MAX_MEMBER_CHARS = 64 * 1024;

const [QUOTE, COMMA, COLON] = [34, 44, 58];
const [OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET] = [123, 125, 91, 93];
const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
const isClose = (c: number) => c === CLOSE_BRACE || c === CLOSE_BRACKET;

const notJson = () => new FileRefused(t('background.library.notJson'));
const notExport = () => new FileRefused(t('background.library.notExportJson'));
/** The start of JSON that is not an object (a list, a string, a number) is JSON, but not a library file. */
const startProblem = (c: number) =>
  c === OPEN_BRACKET || c === QUOTE || c === 45 || (c >= 48 && c <= 57) ? notExport() : notJson();

/** What the head says so far, checked as it comes: a file with another format is refused before its videos. */
const HeadSoFar = z
  .object({ format: z.literal(LIBRARY_FORMAT), version: z.literal(LIBRARY_VERSION), exportedAt: z.string().max(40) })
  .partial()
  .strict();

type Stage = 'before' | 'member' | 'videosOpen' | 'video' | 'afterVideos' | 'after';

/**
 * The library file's JSON cut at its videos, a chunk of text at a time. It follows only strings, escapes and
 * nesting, to find where each member of the file's object and each video of its `videos` ends; each piece is
 * then `JSON.parse`'s, so what is accepted is exactly JSON, and each video is checked by the same schema as a
 * whole file (file.ts). Only the text of the video under way is held, never the file's.
 */
export class FileScanner {
  /** Videos read and checked with the length of their JSON, for the caller to take (`splice`). */
  readonly videos: { video: FileVideo; chars: number }[] = [];
  count = 0;
  private stage: Stage = 'before';
  private inString = false;
  private escaped = false;
  private depth = 0;
  private pieces: string[] = [];
  private from = 0;
  private size = 0;
  private keyKnown = false;
  private memberCount = 0;
  private sawVideos = false;
  private readonly members = new Map<string, unknown>();
  private readonly seen = new Set<string>();
  // The next quote and backslash in the chunk, found once, not again for every escape in a long string.
  private quoteAt = -1;
  private slashAt = -1;

  /** The head as far as it is read: an export writes it before the videos. */
  get head(): Partial<FileHead> {
    const parsed = HeadSoFar.safeParse(Object.fromEntries(this.members));
    return parsed.success ? parsed.data : {};
  }

  push(chunk: string): void {
    this.from = 0;
    this.quoteAt = -1;
    this.slashAt = -1;
    for (let i = 0; i < chunk.length; ) i = this.inString ? this.inText(chunk, i) : this.step(chunk, i);
    if (this.stage === 'member' || this.stage === 'video') {
      this.grow(chunk.length - this.from);
      this.pieces.push(chunk.slice(this.from));
    }
  }

  /** The file's end: it must close where it opened; its head is checked with the whole file's schema. */
  finish(): FileHead {
    if (this.inString || this.stage !== 'after') throw notJson();
    const members = Object.fromEntries(this.members);
    const file = LibraryFile.safeParse(this.sawVideos ? { ...members, videos: [] } : members);
    if (!file.success) throw new FileRefused(fileProblem(file.error));
    const { format, version, exportedAt } = file.data;
    return { format, version, exportedAt };
  }

  private inText(chunk: string, i: number): number {
    if (this.escaped) {
      this.escaped = false;
      return i + 1;
    }
    if (this.quoteAt < i) this.quoteAt = found(chunk.indexOf('"', i));
    if (this.slashAt < i) this.slashAt = found(chunk.indexOf('\\', i));
    if (this.slashAt < this.quoteAt) {
      if (this.slashAt + 1 >= chunk.length) this.escaped = true;
      return Math.min(this.slashAt + 2, chunk.length);
    }
    if (this.quoteAt === Number.POSITIVE_INFINITY) return chunk.length;
    this.inString = false;
    return this.quoteAt + 1;
  }

  private step(chunk: string, i: number): number {
    const c = chunk.charCodeAt(i);
    if (this.stage === 'member' || this.stage === 'video') return this.capture(chunk, i, c);
    if (isSpace(c)) return i + 1;
    if (this.stage === 'before') {
      if (c !== OPEN_BRACE) throw startProblem(c);
      this.open('member', i + 1);
    } else if (this.stage === 'videosOpen') {
      if (c === OPEN_BRACKET) this.open('video', i + 1);
      else {
        // Not a list: kept as the member it is, for the schema to name its problem.
        this.open('member', i);
        this.pieces.push('"videos":');
        this.keyKnown = true;
        this.sawVideos = false;
        return i;
      }
    } else if (this.stage === 'afterVideos' && c === COMMA) this.open('member', i + 1);
    else if (this.stage === 'afterVideos' && c === CLOSE_BRACE) this.stage = 'after';
    else throw notJson();
    return i + 1;
  }

  private open(stage: 'member' | 'video', from: number): void {
    this.stage = stage;
    this.pieces = [];
    this.from = from;
    this.size = 0;
    this.keyKnown = false;
  }

  private capture(chunk: string, i: number, c: number): number {
    if (c === QUOTE) this.inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) this.depth++;
    else if (this.depth > 0) {
      if (isClose(c)) this.depth--;
    } else if (c === COMMA || isClose(c)) {
      this.grow(i - this.from);
      this.pieces.push(chunk.slice(this.from, i));
      const text = this.pieces.join('');
      this.pieces = [];
      if (this.stage === 'member') this.endMember(text, c, i);
      else this.endVideo(text, c, i);
    } else if (c === COLON && this.stage === 'member' && !this.keyKnown) {
      this.grow(i - this.from);
      this.pieces.push(chunk.slice(this.from, i));
      this.from = i;
      return this.key(this.pieces.join(''), i);
    }
    return i + 1;
  }

  /** A member's name read: `videos` is streamed a video at a time; any other member is kept whole (it is short). */
  private key(text: string, i: number): number {
    let name: unknown;
    try {
      name = JSON.parse(text);
    } catch {
      throw notJson();
    }
    if (typeof name !== 'string') throw notJson();
    this.memberCount++;
    if (name !== 'videos') {
      this.keyKnown = true;
      return i + 1;
    }
    if (this.sawVideos || !HeadSoFar.safeParse(Object.fromEntries(this.members)).success) throw notExport();
    this.sawVideos = true;
    this.stage = 'videosOpen';
    return i + 1;
  }

  private endMember(text: string, c: number, i: number): void {
    if (!this.keyKnown) {
      // Only `{}` has a member that is nothing; `{"a":1,}` is not JSON.
      if (text.trim() !== '' || c !== CLOSE_BRACE || this.memberCount > 0) throw notJson();
    } else {
      let member: unknown;
      try {
        member = JSON.parse(`{${text}}`);
      } catch {
        throw notJson();
      }
      // Entries, not assign: a member named `__proto__` stays a member.
      for (const [name, value] of Object.entries(member as object)) this.members.set(name, value);
    }
    if (c === COMMA) this.open('member', i + 1);
    else if (c === CLOSE_BRACE) this.stage = 'after';
    else throw notJson();
  }

  private endVideo(text: string, c: number, i: number): void {
    if (c === CLOSE_BRACE) throw notJson();
    if (!(this.count === 0 && c === CLOSE_BRACKET && text.trim() === '')) this.video(text);
    if (c === COMMA) this.open('video', i + 1);
    else this.stage = 'afterVideos';
  }

  private video(text: string): void {
    const index = this.count;
    if (index >= MAX_LIBRARY_VIDEOS) {
      const n = formatCount(MAX_LIBRARY_VIDEOS);
      throw new FileRefused(refusalAt(['videos'], t('background.library.problem.moreItems', { n })));
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw notJson();
    }
    const parsed = FileVideo.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ ...issue, path: ['videos', index, ...issue.path] }));
      throw new FileRefused(fileProblem(new z.ZodError(issues)));
    }
    const [cross] = crossProblems(parsed.data, index, this.seen);
    if (cross) throw new FileRefused(refusalAt(cross.path, cross.message));
    this.count++;
    this.videos.push({ video: parsed.data, chars: text.length });
  }

  /** The piece under way grew by `n` characters: past its ceiling, the file is refused before holding more. */
  private grow(n: number): void {
    this.size += n;
    if (this.stage === 'member' && this.size > MAX_MEMBER_CHARS) throw notExport();
    if (this.stage === 'video' && this.size > MAX_VIDEO_CHARS) {
      const problem = t('background.library.problem.largerThan', { mb: MAX_VIDEO_MB });
      throw new FileRefused(refusalAt(['videos', this.count], problem));
    }
  }
}

const found = (at: number) => (at === -1 ? Number.POSITIVE_INFINITY : at);
