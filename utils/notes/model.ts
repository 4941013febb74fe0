import { z } from 'zod';
import { MAX_TITLE_CHARS, MAX_VIDEO_SECONDS } from '../bounds';
import { isVideoId } from '../video-id';
import { MAX_HIGHLIGHT_CUES, MAX_NOTE_CHARS, noteChars } from './limits';

/**
 * A person's highlights and notes on a video: their own writing, kept by the background in a database of its own
 * (entrypoints/background/notes/), outside every cache budget. The schemas are the messages' boundary and the
 * stored shape both.
 */

const Text = z
  .string()
  .refine((v) => v.trim().length > 0, 'empty')
  .refine((v) => noteChars(v) <= MAX_NOTE_CHARS, 'too long');
const Moment = z.number().finite().nonnegative().max(MAX_VIDEO_SECONDS);
const Id = z.string().uuid();
const Stamp = z.number().int().nonnegative();

/** What a note hangs on, besides its moment: a highlight, a chapter, an answer or one of its citations. */
export const NoteAnchor = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('highlight'), id: Id }).strict(),
  z.object({ kind: z.literal('chapter'), title: z.string().max(MAX_TITLE_CHARS) }).strict(),
  z.object({ kind: z.literal('answer'), question: z.string().max(2_000) }).strict(),
  z.object({ kind: z.literal('citation'), question: z.string().max(2_000), at: Moment }).strict(),
]);
export type NoteAnchor = z.infer<typeof NoteAnchor>;

const Common = {
  id: Id,
  videoId: z.string().refine(isVideoId, 'not a video id'),
  videoTitle: z.string().max(MAX_TITLE_CHARS),
  /** Set by the background: kept from the first write, `updatedAt` on each. */
  createdAt: Stamp.optional(),
  updatedAt: Stamp.optional(),
};

export const Note = z
  .object({ kind: z.literal('note'), ...Common, time: Moment, text: Text, on: NoteAnchor.optional() })
  .strict();
export type Note = z.infer<typeof Note>;

/** A cue a highlight was drawn from, as it was: a changed transcript then says the highlight no longer matches. */
export const DrawnCue = z.object({ start: Moment, text: z.string().max(MAX_NOTE_CHARS) }).strict();
export type DrawnCue = z.infer<typeof DrawnCue>;

export const Highlight = z
  .object({
    kind: z.literal('highlight'),
    ...Common,
    start: Moment,
    end: Moment,
    text: Text,
    cues: z.array(DrawnCue).min(1).max(MAX_HIGHLIGHT_CUES),
  })
  .strict()
  .refine((h) => h.start <= h.end, 'start after end');
export type Highlight = z.infer<typeof Highlight>;

export const NoteItem = z.union([Note, Highlight]);
export type NoteItem = z.infer<typeof NoteItem>;
