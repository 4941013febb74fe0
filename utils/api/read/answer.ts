/**
 * The ask response's field names are "not shown" in the spec, so it is read leniently. Canonical shape:
 * `{ answer, citations: [{kind, time, quote}], insufficientEvidence }`.
 */
import { t } from '../../i18n/catalogue';
import { type Kind, readItems } from './items';
import type { Dict, OtherEntry } from './lenient';
import {
  clip,
  entries,
  isEmpty,
  isRecord,
  MAX_JSON_TEXT,
  META_KEYS,
  normKey,
  otherEntry,
  pick,
  shownText,
  TEXT_KEYS,
  words,
} from './lenient';

export interface Citation {
  kind: Kind;
  time: number | null;
  quote: string;
}

export interface Answer {
  text: string;
  citations: Citation[];
  insufficient: boolean;
  other: OtherEntry[];
}

const ANSWER_KEYS = words('answer text response content result reply output');
const CITATION_KEYS = new Set(words('citations sources evidence references quotes'));
const FLAG_KEYS = new Set(words('insufficientevidence insufficient evidenceinsufficient notenoughevidence'));
const WRAPPER_KEYS = new Set(words('data'));
const QUOTE_KEYS = words('quote text excerpt snippet caption').concat(TEXT_KEYS);
const MAX_ANSWER = 20_000;
const MAX_NESTING = 3;
// Only consulted when there is no explicit flag and no citation survived.
const SAYS_INSUFFICIENT =
  /insufficient|not enough (evidence|information)|no (relevant |supporting |sufficient )?evidence|(cannot|can't|can not|unable to) (answer|find|determine|verify)/i;

interface State {
  text: string;
  citations: Citation[];
  flag: boolean | null;
  other: OtherEntry[];
  durationSeconds?: number;
}

function toBool(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isNaN(value) ? null : value !== 0;
  if (typeof value !== 'string') return null;
  const word = value.trim().toLowerCase();
  if (['true', 'yes', '1'].includes(word)) return true;
  if (['false', 'no', '0'].includes(word)) return false;
  return null;
}

function answerText(value: unknown): string {
  if (typeof value === 'string') return clip(value, MAX_ANSWER);
  if (Array.isArray(value)) return clip(value.map((v) => shownText(v)).join('\n\n'), MAX_ANSWER);
  return shownText(value);
}

function readCitations(value: unknown, state: State): void {
  const items = readItems(value, {
    label: t('errors.read.section', { section: 'citations' }),
    other: state.other,
    durationSeconds: state.durationSeconds,
    keys: QUOTE_KEYS,
  });
  state.citations.push(...items.map(({ kind, time, text }) => ({ kind, time, quote: text })));
}

function readRecord(obj: Dict, state: State, depth: number): void {
  const main = pick(obj, ANSWER_KEYS);
  for (const [key, value] of entries(obj)) {
    if (isEmpty(value)) continue;
    const norm = normKey(key);
    const wrapper = isRecord(value) && depth < MAX_NESTING;
    if (key === main?.key) {
      if (wrapper) readRecord(value, state, depth + 1);
      else if (!state.text) state.text = answerText(value);
      else state.other.push(otherEntry(key, value));
    } else if (CITATION_KEYS.has(norm)) readCitations(value, state);
    else if (FLAG_KEYS.has(norm)) state.flag = toBool(value) ?? state.flag;
    else if (WRAPPER_KEYS.has(norm) && wrapper) readRecord(value, state, depth + 1);
    else if (!META_KEYS.has(norm)) state.other.push(otherEntry(key, value));
  }
}

function read(raw: unknown, state: State): void {
  let parsed: unknown;
  if (typeof raw === 'string' && /^\s*\{/.test(raw) && raw.length <= MAX_JSON_TEXT) {
    try {
      parsed = JSON.parse(raw);
    } catch {
      // prose that happens to start with a brace
    }
  }
  if (isRecord(parsed)) readRecord(parsed, state, 1);
  else if (typeof raw === 'string') state.text = clip(raw, MAX_ANSWER);
  else if (isRecord(raw)) readRecord(raw, state, 0);
  else if (!isEmpty(raw)) state.text = answerText(raw);
}

/**
 * Reads any answer-ish value. `insufficient` comes from an explicit flag when present, otherwise from an empty
 * citation list plus answer text saying the evidence is insufficient. Never throws.
 */
export function normalizeAnswer(raw: unknown, opts: { durationSeconds?: number } = {}): Answer {
  const state: State = { text: '', citations: [], flag: null, other: [], durationSeconds: opts.durationSeconds };
  try {
    read(raw, state);
  } catch {
    state.other.push({ label: t('errors.read.section', { section: 'answer' }), text: t('errors.read.answerPart') });
  }
  const insufficient = state.flag ?? (state.citations.length === 0 && SAYS_INSUFFICIENT.test(state.text));
  return { text: state.text, citations: state.citations, insufficient, other: state.other };
}
