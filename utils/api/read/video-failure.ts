/**
 * Per-video failures in the shapes seen: the spec's `{ id, error, message }`, `{ id, error: { code, message } }`,
 * a `failedReason` sentence, and the bare-array shape's empty `tracks` with a `playabilityStatus`. Each cost
 * nothing (spec: Billing rules 1). A reason in words is classified into the spec's codes where the words are
 * clear; otherwise the code says "unclassified" and the service's own words are shown.
 */

import { t } from '../../i18n/catalogue';
import { PerVideoErrorCode } from '../codes';
import { flatten, normKey, words } from './lenient';
import { type Dict, field, isRecord, str } from './values';

export type TranscriptFailure = { [key: string]: unknown; id: string; error: string; message?: string };

const KNOWN = new Set<string>(PerVideoErrorCode.options);
const CODE_KEYS = words('error errorcode code');
const MESSAGE_KEYS = words('message reason detail details description failedreason');
const REASON_KEYS = words('failedreason failurereason reason');

const BY_WORDS: [RegExp, string][] = [
  [/\bage\b|age[- ]restrict|sign in to confirm/i, 'age_restricted'],
  [/disabled|turned off/i, 'transcripts_disabled'],
  [/no (transcript|caption|subtitle)s?|not have (a )?(transcript|caption)/i, 'no_transcript'],
  [/invalid|malformed/i, 'invalid_id'],
  [/private|members|unavailable|removed|deleted|not exist/i, 'video_unavailable'],
  [/unplayable|cannot be played|can't be played/i, 'video_unplayable'],
  [/ip.*block|blocked.*ip/i, 'ip_blocked'],
  [/block/i, 'request_blocked'],
  [/paused/i, 'service_paused'],
  [/fetch|timed? ?out|temporar/i, 'fetch_failed'],
];

/** A spec code from a code-like string or from words; `unclassified` when neither says which. */
export function classify(codeOrWords: string | undefined): string {
  if (!codeOrWords) return 'unclassified';
  const code = codeOrWords
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (KNOWN.has(code)) return code;
  for (const [pattern, known] of BY_WORDS) if (pattern.test(codeOrWords)) return known;
  // A code-like word the spec does not list stays as sent; a sentence that says nothing known is unclassified.
  return /\s/.test(codeOrWords.trim()) ? 'unclassified' : code;
}

/** The failure an entry reports, or null when it reports none. */
export function readVideoFailure(entry: Dict, id: string): TranscriptFailure | null {
  const raw = field(entry, CODE_KEYS);
  const nested = isRecord(raw) ? raw : undefined;
  const code = str(nested ? field(nested, CODE_KEYS) : raw);
  const reason = str(field(entry, REASON_KEYS));
  if (code === undefined && reason === undefined) return null;
  const message = str(field(nested ?? entry, MESSAGE_KEYS)) ?? reason;
  const error = code !== undefined && /^[A-Za-z0-9_]+$/.test(code) ? normKeyCode(code) : classify(code ?? reason);
  return { ...entry, id, error, ...(message !== undefined && { message }) };
}

// `NO_TRANSCRIPT`, `noTranscript` → `no_transcript`; a known code stays as the spec spells it.
function normKeyCode(code: string): string {
  const snake = code.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  if (KNOWN.has(snake)) return snake;
  const folded = [...KNOWN].find((k) => normKey(k) === normKey(code));
  return folded ?? snake;
}

const PLAYABILITY_KEYS = words('playabilitystatus playability');

/** The bare-array shape's empty `tracks`: why, from `playabilityStatus` when it says. */
export function emptyTracksFailure(entry: Dict, id: string): TranscriptFailure {
  const playability = field(entry, PLAYABILITY_KEYS);
  const status = isRecord(playability) ? str(field(playability, words('status'))) : str(playability);
  const reason = isRecord(playability) ? str(field(playability, words('reason messages'))) : undefined;
  const ok = status === undefined || status.toUpperCase() === 'OK';
  const error = ok ? 'no_transcript' : classify(reason ?? status);
  const message = reason ?? (ok ? undefined : t('background.item.notPlayable', { status: String(status) }));
  return { ...entry, id, error: error === 'unclassified' ? 'video_unavailable' : error, ...(message && { message }) };
}

/** An entry nothing could be read from: kept as text, so whatever it held is still shown. */
export function unreadableEntry(raw: unknown, id: string): TranscriptFailure {
  const text = flatten(raw, 500);
  return {
    ...(isRecord(raw) ? raw : {}),
    id,
    error: 'unreadable',
    message: text ? t('background.item.unreadable', { text }) : t('background.item.empty'),
  };
}
