import { LIBRARY_FORMAT, LIBRARY_VERSION } from './file';

/**
 * The library file written a part at a time: the JSON of 10,000 videos is about 1 GB, more than one string
 * may hold, so it is never one. Its head, then each part's videos, then its tail; joined, the parts are
 * `JSON.stringify` of the whole file (note.ts's libraryFile), byte for byte, which an import reads back.
 */
export function fileHead(now: Date): string {
  const exportedAt = JSON.stringify(now.toISOString());
  return `{"format":${JSON.stringify(LIBRARY_FORMAT)},"version":${LIBRARY_VERSION},"exportedAt":${exportedAt},"videos":[`;
}

export const FILE_TAIL = ']}';

/**
 * Chromium: what the background's service worker posts to the page that asked for a part of the export
 * (`library.exportPart`, entrypoints/background/library/export-post.ts): the ask's id, the part's count and its
 * JSON as a Blob.
 */
export type ExportPosted = { part: string; count: number; body: Blob };
