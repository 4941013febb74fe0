/**
 * How much a person's notes may hold: the schemas (model.ts) refuse more, the panel says so before sending. Apart
 * from the schemas so that the panel's frame, which checks no note itself, loads no zod (docs/benchmarks.md).
 */

/** The longest note or highlight, in characters (code points: an emoji counts once). */
export const MAX_NOTE_CHARS = 20_000;
/** The most notes and highlights one video keeps: far above a thousand notes, a bound on a runaway page. */
export const MAX_ITEMS_PER_VIDEO = 5_000;
/** The most cues one highlight is drawn from. */
export const MAX_HIGHLIGHT_CUES = 500;

/** A text's length in code points. */
export const noteChars = (text: string) => [...text].length;

/** Whether a text is within a note's length (the panel says so before sending; the background refuses). */
export const fitsNote = (text: string) => noteChars(text) <= MAX_NOTE_CHARS;
