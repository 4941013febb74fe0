import { isServiceError } from '../../../utils/api/errors';
import { readSearchAnswer, type SearchAnswer } from '../../../utils/api/read/search';
import { t } from '../../../utils/i18n/catalogue';
import { queryKey, queryTerms } from '../../../utils/video-search/query';
import { type ServiceSearch, VideoFindings } from '../../../utils/video-search/replies';
import type { TimeRange } from '../../../utils/video-search/time-range';
import { accountStore } from '../core/account-store';
import type { Core } from '../core/core';
import { replyFromError } from '../core/replies';
import type { Till } from '../till';
import type { SearchBought } from '../till/search';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'account' | 'keeper'> & { till: Till };

export type ServiceRun = { query: string; range: TimeRange; ids: string[] };

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

/** Findings of one video for one search (account, query, range): held so the same search is never bought twice. */
const heldKey = (account: string, videoId: string, run: ServiceRun) =>
  `search:${account}:${videoId}:${run.range.from ?? ''}-${run.range.to ?? ''}:${queryKey(run.query)}`;

/** Why the rest of a run was not searched, as a sentence; nothing is charged for a refused call. */
function stopSentence(error: unknown, left: number, sent: number): string {
  const code = isServiceError(error) ? String(error.details.toolCode ?? error.code) : '';
  if (code === 'insufficient_cloud_requests' || code === 'insufficient_credits') {
    return t('background.search.outOfCloud', { n: left });
  }
  const reply = replyFromError(error);
  const said = reply.ok ? '' : reply.error.message;
  // The call whose answer never arrived may have searched its videos (the sentence says so): only the rest were not.
  if (isServiceError(error) && error.details.mayHaveCharged === true) {
    return left > sent ? t('background.search.otherNotSearched', { said, n: left - sent }) : said;
  }
  return t('background.search.notSearched', { said, n: left }).trim();
}

/**
 * Searches the videos with the MCP `search_transcript` tool, at most 25 per call (spec: Limits; fewer when the
 * server's schema says so), through the scheduler's MCP lane, its arguments named as the server's schema says.
 * The caller has taken the person's quote. Findings already held for the same search are shown again for free;
 * each call's answer is read leniently (utils/api/read/search.ts). A refused call (402, a request-level error, a
 * schema with no way to say this search) stops the run: what was found is kept and what is left is named.
 */
export async function heldFindings(
  core: CoreNeeds,
  run: ServiceRun,
): Promise<{ held: VideoFindings[]; toBuy: string[] }> {
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

export async function searchOnService(core: CoreNeeds, run: ServiceRun): Promise<ServiceSearch> {
  const account = await core.account();
  const terms = queryTerms(run.query);
  const { held, toBuy } = await heldFindings(core, run);
  const found = new Map(held.map((f) => [f.videoId, f]));
  const other: string[] = [];
  // Kept before the till lets go of the videos, so a tab waiting for the same search finds them.
  const keep = async (raw: unknown, sent: string[]) => {
    const answer = readSearchAnswer(raw, sent, terms);
    for (const findings of answer.videos) {
      // Failures are free to ask again (a retryable one may pass next time); an answer read in part is not held.
      const whole = !findings.error && findings.other.length === 0 && answer.other.length === 0;
      if (whole && sent.includes(findings.videoId)) {
        await core.keeper.put('meta', heldKey(account, findings.videoId, run), findings);
      }
    }
    return answer;
  };

  let searched = 0;
  let notSearched: ServiceSearch['notSearched'] = null;
  const plan = toBuy.length > 0 ? await core.till.searchPlan({ ...run, ids: toBuy }) : null;
  if (plan?.refusal)
    notSearched = { ids: toBuy, message: t('background.search.notSearched', { said: plan.refusal, n: toBuy.length }) };
  const batches = plan && !plan.refusal ? chunks(toBuy, plan.perCall) : [];
  const waited: string[] = [];
  for (const [i, batch] of batches.entries()) {
    let bought: SearchBought<SearchAnswer>;
    try {
      bought = await core.till.buySearch({
        ids: batch,
        query: run.query,
        range: run.range,
        settle: (answer) => searchSettled(answer, batch, terms),
        keep,
      });
    } catch (error) {
      const left = batches.slice(i).flat();
      notSearched = { ids: left, message: stopSentence(error, left.length, batch.length) };
      break;
    }
    searched += bought.sent.length;
    waited.push(...bought.busy);
    const answer = bought.kept;
    if (!answer) continue;
    if (answer.balances) await accountStore.recordBalances(answer.balances);
    other.push(...answer.other);
    for (const findings of answer.videos) found.set(findings.videoId, findings);
  }

  // Videos another tab's identical search was buying: what it kept is shown, and none is bought twice.
  let joined = 0;
  if (waited.length > 0) {
    await core.till.searchSettled(waited, run.query, run.range);
    const theirs = await heldFindings(core, { ...run, ids: waited });
    for (const findings of theirs.held) found.set(findings.videoId, findings);
    joined = theirs.held.length;
    if (theirs.toBuy.length > 0) notSearched = joinNotSearched(notSearched, theirs.toBuy);
  }

  const order = new Map(run.ids.map((id, i) => [id, i]));
  const rank = (id: string) => order.get(id) ?? run.ids.length;
  const list = [...found.values()].sort((a, b) => rank(a.videoId) - rank(b.videoId));
  return { query: run.query, range: run.range, videos: list, searched, held: held.length + joined, notSearched, other };
}

/** Videos another search of the same words was buying and kept nothing for: named, and never bought again here. */
function joinNotSearched(earlier: ServiceSearch['notSearched'], ids: string[]): ServiceSearch['notSearched'] {
  const n = ids.length;
  const message = t('background.search.joined', { n });
  return earlier ? { ids: [...earlier.ids, ...ids], message: `${earlier.message} ${message}` } : { ids, message };
}

/** Which videos a search call delivered (charged) and which failed for free, for the till's journal. */
function searchSettled(raw: unknown, batch: string[], terms: ReturnType<typeof queryTerms>) {
  const answer = readSearchAnswer(raw, batch, terms);
  const failed = new Set(answer.videos.filter((v) => v.error).map((v) => v.videoId));
  return { delivered: batch.filter((id) => !failed.has(id)), free: batch.filter((id) => failed.has(id)) };
}
