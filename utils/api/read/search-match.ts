/**
 * One match of the MCP `search_transcript` tool, whose shape the spec does not show. The local service sends
 * `{ time, timestamp, quote, context, url }`; other spellings are accepted: a time under any of the usual names
 * (number, numeric string, `m:ss`, `h:mm:ss`) or only in the deep link's `t=`; the quote as `text`, `snippet`
 * or `excerpt`; a bare string such as `"1:23 quote"`; a `[time, text]` pair. Never throws.
 */

import { extractVideoId } from '../../video-id';
import type { FoundMoment } from '../../video-search/replies';
import { splitLeadingTime, timeOf, toTime } from './items';
import { clip, flatten, words } from './lenient';
import { type Dict, field, isRecord, str } from './values';

const QUOTE_KEYS = words('quote text snippet excerpt caption match line segment sentence content');
const CONTEXT_KEYS = words('context surrounding passage around window');
export const URL_KEYS = words('url link deeplink href');
const MAX_QUOTE = 1_000;

/** The video and moment a deep link names (`watch?v=<id>&t=83s`, `youtu.be/<id>?t=1m23s`), each when readable. */
export function readDeepLink(value: unknown): { videoId: string | null; at: number | null } {
  const text = str(value);
  if (!text || text.length > 2048) return { videoId: null, at: null };
  const videoId = extractVideoId(text);
  let at: number | null = null;
  try {
    const url = new URL(text);
    const t = url.searchParams.get('t') ?? url.searchParams.get('start');
    at = t === null ? null : toTime(t);
  } catch {
    at = null;
  }
  return { videoId, at };
}

/** A quote inside its context: the context split around the quote when it holds it. */
function placed(quote: string, context: string): Omit<FoundMoment, 'at'> {
  if (!context || context === quote) return { before: '', quote, after: '' };
  if (!quote) return { before: '', quote: context, after: '' };
  const at = context.indexOf(quote);
  if (at < 0) return { before: '', quote, after: context };
  return { before: context.slice(0, at).trim(), quote, after: context.slice(at + quote.length).trim() };
}

export type ReadMatch = { moment: FoundMoment; videoId: string | null } | { text: string };

/** One match as a moment (with the video its link names, if any), or its text when it holds no quote. */
export function readMatch(raw: unknown): ReadMatch {
  if (typeof raw === 'string') {
    const link = readDeepLink(/https?:\/\/\S+/.exec(raw)?.[0]);
    const { text, time } = splitLeadingTime(raw.replace(/https?:\/\/\S+/g, '').trim());
    if (!text) return { text: clip(raw) };
    return {
      moment: { at: time ?? link.at, before: '', quote: clip(text, MAX_QUOTE), after: '' },
      videoId: link.videoId,
    };
  }
  if (Array.isArray(raw) && raw.length === 2) {
    const [a, b] = raw;
    const [time, text] = typeof a === 'string' && toTime(a) === null ? [b, a] : [a, b];
    const quote = str(text);
    if (quote)
      return { moment: { at: toTime(time), before: '', quote: clip(quote, MAX_QUOTE), after: '' }, videoId: null };
  }
  if (!isRecord(raw)) return { text: flatten(raw) };
  return readMatchObject(raw);
}

function readMatchObject(raw: Dict): ReadMatch {
  const link = readDeepLink(field(raw, URL_KEYS));
  const quote = str(field(raw, QUOTE_KEYS));
  const context = str(field(raw, CONTEXT_KEYS));
  if (!quote && !context) return { text: flatten(raw) };
  const at = timeOf(raw) ?? link.at;
  const videoId = extractVideoId(str(field(raw, words('videoid video id'))) ?? '') ?? link.videoId;
  const parts = placed(clip(quote ?? '', MAX_QUOTE), clip(context ?? '', MAX_QUOTE * 2));
  return { moment: { at, ...parts }, videoId };
}
