import { t } from '../i18n/catalogue';
import type { FileVideo } from './file';
import { type FileHead, FileRefused, FileScanner } from './file-scan';

/** A video read and checked, its JSON's length, how far into the file (bytes), the head as far as it is known. */
export type ReadVideo = { video: FileVideo; chars: number; bytes: number; head: Partial<FileHead> };

/**
 * A library file read as a stream (`Blob.stream()`), a chunk at a time, its videos handed out one by one as
 * each is read and checked: a file of 10,000 videos (about 1 GB) is never one string, nor one list. Throws
 * `FileRefused` with the sentence of the first problem; returns the head once the file's end is checked too.
 * Stopping early (a `break`, a Cancel) lets go of the file.
 */
export async function* readLibraryFile(file: Pick<Blob, 'stream'>): AsyncGenerator<ReadVideo, FileHead> {
  const reader = file.stream().getReader();
  // Not fatal, as `Blob.text()` was: a broken byte becomes U+FFFD, a character split between chunks is joined.
  const decoder = new TextDecoder();
  const scanner = new FileScanner();
  let bytes = 0;
  try {
    for (;;) {
      const step = await reader.read().catch(() => {
        throw new FileRefused(t('background.library.unreadable'));
      });
      if (step.done) break;
      bytes += step.value.byteLength;
      scanner.push(decoder.decode(step.value, { stream: true }));
      for (const read of scanner.videos.splice(0)) yield { ...read, bytes, head: scanner.head };
    }
    scanner.push(decoder.decode());
    const head = scanner.finish();
    for (const read of scanner.videos.splice(0)) yield { ...read, bytes, head };
    return head;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
