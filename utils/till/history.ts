import { formatTime } from '../timecode';
import type { Amount, Balances, JournalEntry, SpendKind, SpendPath } from './journal';
import { priceSentence } from './price';

/** What the spending page is told: the current account's journal, newest first, and the titles the library knows. */
export type SpendingHistory = {
  hasAccount: boolean;
  /** The end of the token in use ("…-pro"), so the person knows whose purchases these are. */
  tokenHint: string | null;
  entries: JournalEntry[];
  /** Video id → title, for the videos the library holds. */
  titles: Record<string, string>;
};

export type OutcomeKind = 'delivered' | 'refused' | 'unknown' | 'pending';

export const outcomeKind = (e: JournalEntry): OutcomeKind => e.outcome?.state ?? 'pending';

const KIND: Record<SpendKind, string> = {
  transcript: 'Transcript',
  listing: 'Channel listing',
  search: 'Search on the service',
  range: 'Part of a transcript',
  analysis: 'Analysis',
  ask: 'Question',
};

const PATH: Record<SpendPath, string> = {
  panel: 'Panel',
  auto: 'Automatic loading',
  bulk: 'Download transcripts',
  menu: 'Context menu',
  window: 'Confirmation window',
  search: 'Search these videos',
  retry: 'Retry',
};

export const kindLabel = (e: JournalEntry): string =>
  e.kind === 'transcript' && e.subject.ids.length > 1 ? `${e.subject.ids.length} transcripts` : KIND[e.kind];

export const pathLabel = (path: SpendPath): string => PATH[path];

/** An amount as a person reads it ("2 Cloud Requests", "nothing"). */
export const amountText = (a: Amount): string => priceSentence({ ...a, aiUnitsUpTo: 0 });

const VIDEOS_NAMED = 3;

/** What was bought, one line per part: the videos (by title where the library knows it), channel, words, mode, question. */
export function subjectLines(e: JournalEntry, titles: Readonly<Record<string, string>>): string[] {
  const s = e.subject;
  const lines: string[] = [];
  const named = s.ids.slice(0, VIDEOS_NAMED).map((id) => (titles[id] ? `${titles[id]} (${id})` : id));
  if (s.ids.length > VIDEOS_NAMED) named.push(`and ${s.ids.length - VIDEOS_NAMED} more`);
  if (named.length > 0) lines.push(named.join(', '));
  if (s.channel) lines.push(`Channel ${s.channel}`);
  if (s.query) {
    const from = s.range?.from ?? null;
    const to = s.range?.to ?? null;
    const at = (t: number | null, end: string) => (t === null ? end : formatTime(t));
    const range = from === null && to === null ? '' : `, ${at(from, 'start')}–${at(to, 'end')}`;
    lines.push(`Words “${s.query}”${range}`);
  }
  if (s.mode) lines.push(`Mode ${s.mode}${s.partial ? ', allowed minutes only' : ''}`);
  if (s.question) lines.push(`Question “${s.question}”`);
  return lines;
}

export type OutcomeWords = { kind: OutcomeKind; label: string; detail: string | null; retry: string | null };

/** The outcome in words; an unknown one says it may have been charged, and what trying again costs. */
export function outcomeWords(e: JournalEntry): OutcomeWords {
  const o = e.outcome;
  if (!o) return { kind: 'pending', label: 'Waiting for the answer', detail: null, retry: null };
  const failed = o.free.length > 0 ? `; ${o.free.length} failed for free` : '';
  if (o.state === 'delivered') {
    return { kind: 'delivered', label: 'Delivered', detail: `Charged ${amountText(o.charged)}${failed}`, retry: null };
  }
  if (o.state === 'refused') {
    const detail = o.message ?? (o.free.length > 0 ? 'Nothing could be delivered; failed lookups are free.' : null);
    return { kind: 'refused', label: 'Not charged', detail, retry: null };
  }
  const may = `May have charged up to ${amountText(o.charged)}.${o.message ? ` ${o.message}` : ''}`;
  if (e.resolvedAt !== null) {
    return { kind: 'unknown', label: 'May have been charged (settled since)', detail: may, retry: null };
  }
  const again = e.kind === 'analysis' ? ' (nothing, if the service did start it)' : '';
  return {
    kind: 'unknown',
    label: 'May have been charged',
    detail: may,
    retry: `Trying again costs ${priceSentence(e.price)}${again}.`,
  };
}

const num = (v: number | null) => (v === null ? 'not reported' : v.toLocaleString('en-US'));

/** Balances before → after, per currency, where either is known. */
export function balanceLines(before: Balances, after: Balances | null): string[] {
  const lines: string[] = [];
  for (const [key, name] of [
    ['cloudRequests', 'Cloud Requests'],
    ['aiUnits', 'AI Units'],
  ] as const) {
    const b = before[key];
    const a = after?.[key] ?? null;
    if (b !== null || a !== null) lines.push(`${name} ${num(b)} → ${num(a)}`);
  }
  return lines;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Local date and time to the second (purchases often come seconds apart), "2026-11-23 11:07:42". */
export function whenText(at: number): string {
  const d = new Date(at);
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${time}`;
}
