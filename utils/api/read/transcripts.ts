/**
 * A transcript response in any of the three shapes seen: the spec's `{ results: [...], ...balances }`, the
 * bare JSON array public clients of the real `POST /api/transcripts` parse, and the web front end's
 * `{ success: [...], failed: [...] }`. Entries come back in the order the ids were sent where that can be told.
 * Returns null only when the body holds no list of videos at all.
 */

import { readBalances } from './balances';
import { words } from './lenient';
import { readTranscriptEntry, type TranscriptResult } from './transcript-entry';
import { field, isRecord, list, num } from './values';

export type TranscriptResponse = {
  [key: string]: unknown;
  results: TranscriptResult[];
  cloudRequestsRemaining?: number;
  aiUnitsRemaining?: number;
  creditsRemaining?: number;
};

const LIST_KEYS = words('results data transcripts items videos');

function entriesOf(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (!isRecord(body)) return undefined;
  const direct = list(field(body, LIST_KEYS));
  if (direct) return direct;
  const ok = list(field(body, words('success successes succeeded ok')));
  const failed = list(field(body, words('failed failures errors')));
  if (ok || failed) return [...(ok ?? []), ...(failed ?? [])];
  // One video answered without a list around it.
  if (field(body, words('segments tracks transcript')) !== undefined) return [body];
  return undefined;
}

/** The position of an entry's id among the ids sent, for putting `{success, failed}` back in order. */
function orderBy(ids: readonly string[]) {
  const index = (r: TranscriptResult) => {
    const i = ids.findIndex((id) => id === r.id || (r.id !== '' && id.includes(r.id)));
    return i < 0 ? ids.length : i;
  };
  return (a: TranscriptResult, b: TranscriptResult) => index(a) - index(b);
}

export function readTranscripts(
  body: unknown,
  request: { ids: readonly string[]; lang?: string },
): TranscriptResponse | null {
  const raw = entriesOf(body);
  if (!raw) return null;
  const split = isRecord(body) && !list(field(body, LIST_KEYS)) && raw[0] !== body;
  // In the split shape positions say nothing about ids; a lone id is still the one asked for.
  const fallback = (i: number) => (split ? (request.ids.length === 1 ? request.ids[0] : '') : request.ids[i]) ?? '';
  const results = raw.map((entry, i) => readTranscriptEntry(entry, fallback(i), request.lang));
  if (split) results.sort(orderBy(request.ids));
  const balances = readBalances(body);
  const legacy = isRecord(body) ? num(field(body, words('creditsremaining'))) : undefined;
  // Unknown fields are kept; the balance fields are replaced by what could be read (a null is not a number).
  const {
    results: _r,
    cloudRequestsRemaining: _c,
    aiUnitsRemaining: _a,
    creditsRemaining: _l,
    ...extra
  } = isRecord(body) ? body : {};
  return {
    ...extra,
    results,
    ...(balances?.cloudRequests !== undefined && { cloudRequestsRemaining: balances.cloudRequests }),
    ...(balances?.aiUnits !== undefined && { aiUnitsRemaining: balances.aiUnits }),
    ...(legacy !== undefined && legacy >= 0 && { creditsRemaining: legacy }),
  };
}
