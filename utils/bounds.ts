/**
 * Bounds the extension states in more than one place (the messages' schemas, the settings, the library file,
 * the panel's fields), each stated once here. No zod: the content script reads them too.
 */

/** The longest video length believed, in seconds: a week, longer than anything the service analyses. */
export const MAX_VIDEO_SECONDS = 7 * 24 * 3600;

/** A language code as the settings, the messages and the service take it: "en", "pt-BR", "zh-Hant". */
export const LANG_CODE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** The longest video title an analysis carries (for the notification and the confirmation window). */
export const MAX_TITLE_CHARS = 300;

/**
 * The most videos a library file holds, and a library search or removal names: twice the 10,000 a library is
 * built for (ten channels of "Download transcripts" make 5,000), so a whole library is one removal or filter.
 */
export const MAX_LIBRARY_VIDEOS = 20_000;

/** The longest question, in characters (the service's own bound on an ask). */
export const MAX_QUESTION_CHARS = 2000;

/** The longest search, in characters (the channel view's and the library's). */
export const MAX_QUERY_CHARS = 200;

/** The longest API token accepted: tokens are opaque, but a header has its limits. */
export const MAX_TOKEN_CHARS = 4096;

/** A megabyte as the cache budget and the import ceiling count it. */
export const BYTES_PER_MB = 1024 * 1024;
