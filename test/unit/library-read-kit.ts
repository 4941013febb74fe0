import { LibraryFile, type Parsed } from '../../utils/library/file';
import { readLibraryFile } from '../../utils/library/file-read';
import { FileRefused } from '../../utils/library/file-scan';

/** A file whose stream hands over exactly these byte chunks (a browser's split is its own). */
export const chunked = (chunks: readonly Uint8Array<ArrayBuffer>[]): Pick<Blob, 'stream'> => ({
  stream: () => {
    let i = 0;
    return new ReadableStream<Uint8Array<ArrayBuffer>>({
      pull(controller) {
        const chunk = chunks[i++];
        if (chunk) controller.enqueue(chunk);
        else controller.close();
      },
    });
  },
});

/** The bytes cut at each of `at` (ascending). */
export function cutAt(bytes: Uint8Array<ArrayBuffer>, at: readonly number[]): Uint8Array<ArrayBuffer>[] {
  const edges = [0, ...at, bytes.length];
  return edges.slice(1).map((end, i) => bytes.subarray(edges[i], end));
}

/** The streamed read of a whole file, as `parseLibraryText` gives it: the file, or the sentence refusing it. */
export async function readWhole(file: Pick<Blob, 'stream'>): Promise<Parsed> {
  const videos: unknown[] = [];
  const reading = readLibraryFile(file);
  try {
    for (;;) {
      const next = await reading.next();
      if (next.done) {
        const parsed = LibraryFile.safeParse({ ...next.value, videos });
        if (!parsed.success) throw new Error('the read file does not pass the schema');
        return { ok: true, file: parsed.data };
      }
      videos.push(next.value.video);
    }
  } catch (error) {
    if (error instanceof FileRefused) return { ok: false, message: error.message };
    throw error;
  }
}
