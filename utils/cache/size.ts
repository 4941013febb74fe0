/** Bytes the value takes as UTF-8 JSON: what the cache budget counts. */
export function jsonByteLength(value: unknown): number {
  return utf8ByteLength(JSON.stringify(value) ?? 'null');
}

const encoder = new TextEncoder();
/** Where the text is encoded a slice at a time and thrown away: only the count is kept. */
const scratch = new Uint8Array(64 * 1024);

/**
 * UTF-8 bytes of the text (a lone surrogate counts as the 3 of U+FFFD, as an encoder writes it). Counted by the
 * engine's encoder into a small buffer, a slice at a time, so measuring a multi-megabyte transcript does not
 * allocate a copy of it; a loop over its characters in script took a bulk run's worker about 50 ms per 500.
 */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  let rest = text;
  while (rest.length > 0) {
    // Whole characters only: a surrogate pair is never split across two slices.
    const { read, written } = encoder.encodeInto(rest, scratch);
    bytes += written;
    if (read === 0) break; // cannot happen (a character is at most 4 bytes); never loop for ever
    rest = rest.slice(read);
  }
  return bytes;
}
