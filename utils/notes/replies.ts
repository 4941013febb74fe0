import type { NoteItem } from './model';

/** A video's highlights and notes in time order: the answer to every notes message. */
export type VideoNotes = { videoId: string; items: NoteItem[] };
