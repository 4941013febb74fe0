import { type ArchiveItem, indexFields } from './archive';

/**
 * A bulk run as JSON Lines: one object per selected video, in list order, with index.csv's fields and the
 * transcript's text and cues (null when none was delivered). Each line is one `JSON.stringify`, so a title or
 * a cue with a line break cannot split a record.
 */
export function toJsonl(items: readonly ArchiveItem[]): string {
  return items
    .map((item) => {
      const segments = item.transcript?.segments.map(({ text, start, duration }) => ({ text, start, duration }));
      return `${JSON.stringify({ ...indexFields(item), text: item.transcript?.text ?? null, segments: segments ?? null })}\n`;
    })
    .join('');
}
