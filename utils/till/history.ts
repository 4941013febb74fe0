import { t } from '../i18n/catalogue';
import { formatCount } from '../i18n/format';
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

export const kindLabel = (e: JournalEntry): string =>
  e.kind === 'transcript' && e.subject.ids.length > 1
    ? t('background.history.transcripts', { n: e.subject.ids.length })
    : t('background.history.kind', { kind: e.kind satisfies SpendKind });

export const pathLabel = (path: SpendPath): string => t('background.history.path', { path });

/** An amount as a person reads it ("2 Cloud Requests", "nothing"). */
export const amountText = (a: Amount): string => priceSentence({ ...a, aiUnitsUpTo: 0 });

const VIDEOS_NAMED = 3;

/** What was bought, one line per part: the videos (by title where the library knows it), channel, words, mode, question. */
export function subjectLines(e: JournalEntry, titles: Readonly<Record<string, string>>): string[] {
  const s = e.subject;
  const lines: string[] = [];
  const named = s.ids.slice(0, VIDEOS_NAMED).map((id) => (titles[id] ? `${titles[id]} (${id})` : id));
  if (s.ids.length > VIDEOS_NAMED) named.push(t('background.history.more', { n: s.ids.length - VIDEOS_NAMED }));
  if (named.length > 0) lines.push(named.join(', '));
  if (s.channel) lines.push(t('background.history.channel', { channel: s.channel }));
  if (s.query) {
    const from = s.range?.from ?? null;
    const to = s.range?.to ?? null;
    const at = (time: number | null, end: string) => (time === null ? end : formatTime(time));
    lines.push(
      from === null && to === null
        ? t('background.history.words', { query: s.query })
        : t('background.history.wordsRange', {
            query: s.query,
            from: at(from, t('background.history.start')),
            to: at(to, t('background.history.end')),
          }),
    );
  }
  if (s.mode) lines.push(t(s.partial ? 'background.history.modePartial' : 'background.history.mode', { mode: s.mode }));
  if (s.question) lines.push(t('background.history.question', { question: s.question }));
  return lines;
}

export type OutcomeWords = { kind: OutcomeKind; label: string; detail: string | null; retry: string | null };

/** The outcome in words; an unknown one says it may have been charged, and what trying again costs. */
export function outcomeWords(e: JournalEntry): OutcomeWords {
  const o = e.outcome;
  if (!o) return { kind: 'pending', label: t('background.history.pending'), detail: null, retry: null };
  if (o.state === 'delivered') {
    const amount = amountText(o.charged);
    const detail =
      o.free.length > 0
        ? t('background.history.chargedFailed', { amount, n: o.free.length })
        : t('background.history.charged', { amount });
    return { kind: 'delivered', label: t('background.history.delivered'), detail, retry: null };
  }
  if (o.state === 'refused') {
    const detail = o.message ?? (o.free.length > 0 ? t('background.history.freeFailures') : null);
    return { kind: 'refused', label: t('background.history.notCharged'), detail, retry: null };
  }
  const amount = amountText(o.charged);
  const may = o.message
    ? t('background.history.maySaid', { amount, said: o.message })
    : t('background.history.may', { amount });
  if (e.resolvedAt !== null) {
    return { kind: 'unknown', label: t('background.history.maySettled'), detail: may, retry: null };
  }
  const price = priceSentence(e.price);
  return {
    kind: 'unknown',
    label: t('background.history.mayLabel'),
    detail: may,
    retry: t(e.kind === 'analysis' ? 'background.history.retryAnalysis' : 'background.history.retry', { price }),
  };
}

const num = (v: number | null) => (v === null ? t('background.history.notReported') : formatCount(v));

/** Balances before → after, per currency, where either is known. */
export function balanceLines(before: Balances, after: Balances | null): string[] {
  const lines: string[] = [];
  for (const [key, name] of [
    ['cloudRequests', t('common.term.cloudRequestsName')],
    ['aiUnits', t('common.term.aiUnitsName')],
  ] as const) {
    const b = before[key];
    const a = after?.[key] ?? null;
    if (b !== null || a !== null) lines.push(t('background.history.balance', { name, before: num(b), after: num(a) }));
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
