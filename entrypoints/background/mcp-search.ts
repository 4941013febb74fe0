import { isServiceError } from '../../utils/api/errors';
import { readSearchAnswer } from '../../utils/api/read/search';
import type { TimeRange } from '../../utils/time-range';
import { queryKey, queryTerms } from '../../utils/video-search/query';
import { MCP_VIDEOS_PER_CALL, type ServiceSearch, VideoFindings } from '../../utils/video-search/views';
import { accountStore } from './account-store';
import type { Core } from './core';
import { replyFromError } from './replies';

export type ServiceRun = { query: string; range: TimeRange; ids: string[] };

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

const videos = (n: number) => `${n} video${n === 1 ? '' : 's'}`;

/** Findings of one video for one search (account, query, range): held so the same search is never bought twice. */
const heldKey = (account: string, videoId: string, run: ServiceRun) =>
  `search:${account}:${videoId}:${run.range.from ?? ''}-${run.range.to ?? ''}:${queryKey(run.query)}`;

/** Why the rest of a run was not searched, as a sentence; nothing is charged for a refused call. */
function stopSentence(error: unknown, left: number): string {
  const code = isServiceError(error) ? String(error.details.toolCode ?? error.code) : '';
  if (code === 'insufficient_cloud_requests' || code === 'insufficient_credits') {
    return `You are out of Cloud Requests: ${videos(left)} were not searched, and nothing was charged for them.`;
  }
  const reply = replyFromError(error);
  const said = reply.ok ? '' : reply.error.message;
  return `${said} ${videos(left)} were not searched.`.trim();
}

/**
 * Searches the videos with the MCP `search_transcript` tool, at most 25 per call (spec: Limits), through the
 * scheduler's MCP lane. The caller has taken the person's quote. Findings already held for the same search are
 * shown again for free; each call's answer is read leniently (utils/api/read/search.ts). A refused call (402,
 * a request-level error) stops the run: what was found is kept and what is left is named.
 */
export async function heldFindings(core: Core, run: ServiceRun): Promise<{ held: VideoFindings[]; toBuy: string[] }> {
  const account = await core.account();
  const held: VideoFindings[] = [];
  const toBuy: string[] = [];
  for (const id of run.ids) {
    const hit = VideoFindings.safeParse((await core.keeper.get('meta', heldKey(account, id, run)))?.value);
    if (hit.success) held.push(hit.data);
    else toBuy.push(id);
  }
  return { held, toBuy };
}

export async function searchOnService(core: Core, run: ServiceRun): Promise<ServiceSearch> {
  const account = await core.account();
  const terms = queryTerms(run.query);
  const { held, toBuy } = await heldFindings(core, run);
  const found = new Map(held.map((f) => [f.videoId, f]));
  const other: string[] = [];

  const batches = chunks(toBuy, MCP_VIDEOS_PER_CALL);
  let searched = 0;
  let notSearched: ServiceSearch['notSearched'] = null;
  for (const [i, batch] of batches.entries()) {
    let raw: unknown;
    try {
      raw = await core.till.buySearch({
        ids: batch,
        query: run.query,
        range: run.range,
        settle: (answer) => searchSettled(answer, batch, terms),
      });
    } catch (error) {
      const left = batches.slice(i).flat();
      notSearched = { ids: left, message: stopSentence(error, left.length) };
      break;
    }
    searched += batch.length;
    const answer = readSearchAnswer(raw, batch, terms);
    if (answer.balances) await accountStore.recordBalances(answer.balances);
    other.push(...answer.other);
    for (const findings of answer.videos) {
      found.set(findings.videoId, findings);
      // Failures are free to ask again (a retryable one may pass next time); an answer read in part is not held.
      const whole = !findings.error && findings.other.length === 0 && answer.other.length === 0;
      if (whole && batch.includes(findings.videoId)) {
        await core.keeper.put('meta', heldKey(account, findings.videoId, run), findings);
      }
    }
  }

  const order = new Map(run.ids.map((id, i) => [id, i]));
  const rank = (id: string) => order.get(id) ?? run.ids.length;
  const list = [...found.values()].sort((a, b) => rank(a.videoId) - rank(b.videoId));
  return { query: run.query, range: run.range, videos: list, searched, held: held.length, notSearched, other };
}

/** Which videos a search call delivered (charged) and which failed for free, for the till's journal. */
function searchSettled(raw: unknown, batch: string[], terms: ReturnType<typeof queryTerms>) {
  const answer = readSearchAnswer(raw, batch, terms);
  const failed = new Set(answer.videos.filter((v) => v.error).map((v) => v.videoId));
  return { delivered: batch.filter((id) => !failed.has(id)), free: batch.filter((id) => failed.has(id)) };
}
