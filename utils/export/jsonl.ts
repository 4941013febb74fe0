import { type ArchiveItem, type FileItem, fileItem, indexFields } from './archive';

/**
 * A bulk run as JSON Lines: one object per selected video, in list order, with index.csv's fields and the
 * transcript's text and cues (null when none was delivered). Each line is one `JSON.stringify` of the fields
 * and the part's own (archive-parts.ts), so a title or a cue with a line break cannot split a record.
 */
export function toJsonl(items: readonly ArchiveItem[]): string {
  return jsonlOf(items.map((item) => fileItem(item, 'jsonl')));
}

/** The JSONL from parts made earlier: only the index fields are written now. */
export function jsonlOf(items: readonly FileItem[]): string {
  return items
    .map((item) => {
      const head = JSON.stringify(indexFields(item));
      const fields = item.part?.kind === 'jsonl' ? item.part.fields : '"text":null,"segments":null';
      return `${head.slice(0, -1)},${fields}}\n`;
    })
    .join('');
}
