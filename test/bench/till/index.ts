import type { BrowserContext } from '@playwright/test';
import { liveWorker } from '../../e2e/support/bulk';
import { settledLedger } from '../../e2e/support/money';
import type { TestService } from '../../e2e/support/service';
import { type Figure, figure } from '../figures';
import { analysisSteps } from './analysis';
import { analysisAgainSteps } from './analysis-again';
import { askSteps } from './ask';
import { emptyCache, FILLERS, seedFillers, setCacheBudget } from './cache';
import { channelSteps } from './channel';
import { deliveredItems, heldByExtension, lostItems } from './held';
import { historyOverCharged } from './history';
import { listingSteps } from './listing';
import { sum, units } from './plan';
import { extensionCharges, type Session } from './session';
import { loadSteps } from './watch';

const TOKEN = 'demo-pro';
/** The options' smallest cache budget and the default, in MB (utils/settings/index.ts, which reads build-time env). */
const SMALLEST_BUDGET_MB = 5;
const DEFAULT_BUDGET_MB = 50;

/**
 * spend.faults_over_minimum, paid.lost and spend.history_over_charged: a scripted session with every purchase kind
 * (Load, a bulk download, a listing, a paid service search, an analysis, a question), each meeting faults of the
 * matrix (timeout after the charge, an unreadable 200 after it, a 5xx before it, the worker stopped mid-request, two
 * tabs buying the same thing, an analysis answered ready at once, the same job returned to a second start; at most
 * two 20-second timeouts). After each fault the careful person's rule applies (./careful.ts).
 *
 * faults_over_minimum: everything the service charged the extension (Cloud Requests + AI Units, read once the
 * service is settled; not the bench's own analysis as the assistant) over what the careful person pays for the
 * same session at the spec's prices (./plan.ts). Goal 1.
 * paid.lost: of the items the ledger charged and whose answer reached the extension, those it no longer holds at
 * the end, with the cache at its smallest budget and full of older transcripts (so every purchase evicts). Goal 0.
 * history_over_charged: the spending history's charges over the session less the ledger's (./history.ts). Goal 0.
 */
export async function tillFigures(
  context: BrowserContext,
  service: TestService,
  extensionId: string,
): Promise<Figure[]> {
  // Limits off: a count of charges, measured so far without the service's windows (e2e has them on).
  await service.reset({ limits: false, jobMs: 2_000 });
  // Set first: the background opens its cache database (with its schema) to apply it.
  await setCacheBudget(context, extensionId, SMALLEST_BUDGET_MB);
  const worker = await liveWorker(context);
  await emptyCache(worker);
  const fillers = await seedFillers(worker);

  const s: Session = { context, service, steps: [], assistant: [] };
  const started = Date.now();
  await loadSteps(s, ['tillLoad001', 'tillLoad002', 'tillLoad003', 'tillLoad004', 'tillLoad005', 'tillLoad006']);
  const analysed = 'tvaHuman001';
  const page = await analysisSteps(s, {
    twice: 'tvaSpanish1',
    refused: analysed,
    late: 'tvaAutoGen1',
    killed: 'tvaFlaky001',
  });
  await askSteps(s, page, analysed);
  await analysisAgainSteps(s, { before: 'tillReady02', same: 'tillSameJb2' });
  await listingSteps(s);
  await channelSteps(s);
  const ledger = await settledLedger(service);
  console.log(`till: the session took ${Math.round((Date.now() - started) / 1000)} s`);

  const charges = extensionCharges(s, ledger.charges).filter((c) => c.token === TOKEN);
  const paid = units({
    cloud: charges.filter((c) => c.kind === 'cloud').reduce((n, c) => n + c.amount, 0),
    ai: charges.filter((c) => c.kind === 'ai').reduce((n, c) => n + c.amount, 0),
  });
  const minimum = units(sum(s.steps.map((st) => st.minimum)));
  for (const st of s.steps) {
    const inStep = charges.filter((c) => c.at >= st.from && c.at <= st.to).reduce((n, c) => n + c.amount, 0);
    console.log(`till: ${st.kind} [${st.fault}]: charged ${inStep}, careful ${units(st.minimum)} — ${st.name}`);
  }

  const held = await heldByExtension(await liveWorker(context));
  const items = deliveredItems({ ...ledger, charges }, s.steps, TOKEN);
  const lost = lostItems(items, held);
  const left = held.keys.filter(([kind, key]) => kind === 'transcript' && fillers.some((f) => key.startsWith(`${f}:`)));
  console.log(
    `till: ${items.length} paid items delivered, ${lost.length} lost ${JSON.stringify(lost)}; ` +
      `eviction: ${FILLERS - left.length} of ${FILLERS} older transcripts evicted`,
  );
  const history = await historyOverCharged(context, extensionId, charges);
  await setCacheBudget(context, extensionId, DEFAULT_BUDGET_MB);
  return [
    figure('spend.faults_over_minimum', paid / minimum, 'ratio', '1.00', paid === minimum),
    figure('paid.lost', lost.length, 'items', '0', lost.length === 0 && items.length > 0),
    history,
  ];
}
