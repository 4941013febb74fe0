import { t } from '../i18n/catalogue';
import { extractVideoId } from '../video-id';
import { MAX_LISTED } from './replies';

/**
 * A pasted list of videos (the library's "Videos to add"): one video per line, as a YouTube URL, a bare id or a
 * CSV row whose first cell holding a video gives it (so a spreadsheet's column, or whole rows, can be pasted).
 * Blank lines are skipped, a first line with no video in it is taken as the column's header, a repeat is kept
 * once, and each other line that names no video is a problem named by its line number. At most MAX_LISTED
 * videos are taken; the lines past that are named too.
 */
export type ListProblem = { line: number; sentence: string };
export type VideoList = { ids: string[]; problems: ListProblem[]; repeats: number; header: boolean };

/** A pasted list longer than this is refused whole: nobody pastes a million lines on purpose. */
export const MAX_PASTE_CHARS = 200_000;
const SNIPPET = 40;

const cells = (line: string) =>
  line
    .split(/[,;\t]/)
    .map((c) =>
      c
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    )
    .filter(Boolean);

const snippet = (text: string) => {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > SNIPPET ? `${one.slice(0, SNIPPET - 1)}…` : one;
};

/** A header names its columns (`url`, `Video ID`…): short words of letters only, no link, no digits. */
const looksLikeHeader = (line: string) => cells(line).every((c) => c.length <= 30 && /^[\p{L} _-]+$/u.test(c));

export function parseVideoList(text: string): VideoList {
  const lines = text.slice(0, MAX_PASTE_CHARS).split(/\r\n|\r|\n/);
  const ids: string[] = [];
  const seen = new Set<string>();
  const problems: ListProblem[] = [];
  let repeats = 0;
  let header = false;
  let first = true;
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const id =
      cells(raw)
        .map(extractVideoId)
        .find((found) => found !== null) ?? null;
    const wasFirst = first;
    first = false;
    if (!id) {
      if (wasFirst && looksLikeHeader(raw)) {
        header = true;
        return;
      }
      problems.push({ line, sentence: t('background.paste.notVideo', { line: String(line), text: snippet(raw) }) });
      return;
    }
    if (seen.has(id)) {
      repeats++;
      return;
    }
    if (ids.length >= MAX_LISTED) {
      problems.push({ line, sentence: t('background.paste.tooMany', { line: String(line), max: MAX_LISTED }) });
      return;
    }
    seen.add(id);
    ids.push(id);
  });
  if (text.length > MAX_PASTE_CHARS) {
    problems.push({
      line: lines.length,
      sentence: t('background.paste.cut', { line: String(lines.length), max: MAX_PASTE_CHARS }),
    });
  }
  return { ids, problems, repeats, header };
}
