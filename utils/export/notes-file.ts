import { t } from '../i18n/catalogue';
import type { NoteAnchor, NoteItem } from '../notes/model';
import { inTimeOrder, momentOf } from '../notes/order';
import { formatTime } from '../timecode';
import { escapeMarkdown, watchLink } from './markdown';
import { frontMatter } from './yaml';

/**
 * A video's highlights and notes as a person keeps them outside the panel: Markdown (Obsidian-friendly front
 * matter, each item under the chapter it falls in, each a deep link to its moment) and plain text.
 */

/** A chapter of the analysis; one without a start cannot hold items and is left out. */
export type NotesChapter = { title: string; start: number | null };
export type NotesSource = {
  videoId: string;
  title: string;
  items: readonly NoteItem[];
  /** The analysis' chapters, when the video has one; none puts every item in one Notes section. */
  chapters?: readonly NotesChapter[];
};

type Group = { chapter: { title: string; start: number } | null; items: NoteItem[] };

/** Items in time order under the last chapter starting at or before them; those before the first, in a group of their own. */
export function byChapter(items: readonly NoteItem[], chapters: readonly NotesChapter[] = []): Group[] {
  const timed = chapters
    .flatMap((c) => (c.start === null ? [] : [{ title: c.title, start: c.start }]))
    .sort((a, b) => a.start - b.start);
  const groups: Group[] = [{ chapter: null, items: [] }, ...timed.map((chapter) => ({ chapter, items: [] }))];
  for (const item of inTimeOrder(items)) {
    let at = 0;
    while (at < timed.length && (timed[at]?.start ?? 0) <= momentOf(item)) at++;
    groups[at]?.items.push(item);
  }
  return groups.filter((g) => g.items.length > 0);
}

/** What a note hangs on, in words (a highlight by its words, when it is still held). */
function anchorWords(on: NoteAnchor, items: readonly NoteItem[]): string | null {
  if (on.kind === 'highlight') return items.find((i) => i.id === on.id)?.text ?? null;
  if (on.kind === 'chapter') return on.title;
  if (on.kind === 'citation') return `${formatTime(on.at)} · ${on.question}`;
  return on.question;
}

/** "Note (on the chapter Opening)", or just "Highlight": the item's kind and its anchor, unescaped. */
function label(item: NoteItem, items: readonly NoteItem[]): { kind: string; on: string | null } {
  const kind = t('errors.export.item', { kind: item.kind });
  if (item.kind !== 'note' || !item.on) return { kind, on: null };
  const words = anchorWords(item.on, items);
  if (words === null) return { kind, on: null };
  return { kind, on: `${t('errors.export.on', { kind: item.on.kind })} ${words.replace(/\s+/g, ' ').trim()}` };
}

/** An item's text as lines: a note keeps its line breaks (blank ones dropped), a highlight's cues join in one. */
const linesOf = (item: NoteItem): string[] =>
  item.kind === 'highlight' ? [item.text.replace(/\s+/g, ' ').trim()] : item.text.split('\n').filter((l) => l.trim());

function markdownItem(videoId: string, item: NoteItem, items: readonly NoteItem[]): string {
  const moment = momentOf(item);
  const { kind, on } = label(item, items);
  const head = `- [${formatTime(moment)}](${watchLink(videoId, moment)}) **${escapeMarkdown(kind)}**`;
  const lines = linesOf(item).map(escapeMarkdown);
  const about = on === null ? '' : ` (${escapeMarkdown(on)})`;
  // A hard break and two spaces keep a note's later lines inside its list item.
  return `${head}${about}: ${lines.join('  \n  ')}`;
}

/** The "Highlights and notes" section: a heading per chapter (linking its start), or one list when there are none. */
export function notesSection(
  videoId: string,
  items: readonly NoteItem[],
  chapters?: readonly NotesChapter[],
): string[] {
  if (items.length === 0) return [];
  const out = [`## ${escapeMarkdown(t('errors.export.notes'))}`, ''];
  const groups = byChapter(items, chapters);
  const chaptered = groups.some((g) => g.chapter !== null);
  for (const { chapter, items: held } of groups) {
    if (chaptered) {
      const heading = chapter
        ? `[${formatTime(chapter.start)}](${watchLink(videoId, chapter.start)}) ${escapeMarkdown(chapter.title)}`
        : escapeMarkdown(t('errors.export.beforeChapters'));
      out.push(`### ${heading}`, '');
    }
    out.push(...held.map((item) => markdownItem(videoId, item, items)), '');
  }
  return out;
}

/** The Notes tab's Markdown: front matter, the video's title and link, then its highlights and notes. */
export function notesMarkdown({ videoId, title, items, chapters }: NotesSource): string {
  const shown = title || t('errors.export.videoTitle', { id: videoId });
  const fields = { title: shown, url: watchLink(videoId), tags: ['youtube', 'transcript-lens', 'notes'] };
  const body = [
    `# ${escapeMarkdown(shown)}`,
    '',
    `<${watchLink(videoId)}>`,
    '',
    ...notesSection(videoId, items, chapters),
  ];
  return `${frontMatter(fields)}\n${body.join('\n')}`;
}

/** The same as plain text: `[m:ss] Kind (on …): text`, a note's later lines indented, chapters as lines of their own. */
export function notesText({ videoId, title, items, chapters }: NotesSource): string {
  const out = [title || t('errors.export.videoTitle', { id: videoId }), watchLink(videoId), ''];
  const groups = byChapter(items, chapters);
  const chaptered = groups.some((g) => g.chapter !== null);
  for (const { chapter, items: held } of groups) {
    if (chaptered)
      out.push(chapter ? `${chapter.title} [${formatTime(chapter.start)}]` : t('errors.export.beforeChapters'));
    for (const item of held) {
      const { kind, on } = label(item, items);
      const [first = '', ...rest] = linesOf(item).map((l) => l.trim());
      out.push(`[${formatTime(momentOf(item))}] ${kind}${on === null ? '' : ` (${on})`}: ${first}`);
      out.push(...rest.map((l) => `    ${l}`));
    }
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
