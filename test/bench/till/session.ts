import type { BrowserContext, Locator, Page } from '@playwright/test';
import { hostOf, panelOf } from '../../e2e/support/panel';
import type { Ledger, TestService } from '../../e2e/support/service';
import { clearFaults, quiet } from './faults';
import { type Amount, carefulCost, type Fault, type Kind, type Step } from './plan';

type Charge = Ledger['charges'][number];

/**
 * The faults session as it runs: the browser, the service, each purchase as it went, and the charges the bench
 * made itself as another client of the account (the assistant's analysis a step meets): not the extension's.
 */
export type Session = { context: BrowserContext; service: TestService; steps: Step[]; assistant: Charge[] };

/** The charges the extension caused: the ledger's, less those the bench made itself as the assistant. */
export function extensionCharges(s: Session, charges: readonly Charge[]): Charge[] {
  const own = new Set(s.assistant.map((c) => JSON.stringify(c)));
  return charges.filter((c) => !own.has(JSON.stringify(c)));
}

export type StepDef = {
  name: string;
  kind: Kind;
  fault: Fault;
  /** The spec's price of the purchase, once. */
  price: Amount;
  /** The spec says this purchase's refusal consumes nothing (a 503 on an analysis start). */
  refusalIsFree?: boolean;
  channelId?: string;
  question?: string;
};

/** What a step's script reports: whether the answer reached the extension, and what the person read and did. */
export type Done = { delivered: boolean; read?: string };

/** Runs one purchase: its faults are cleared and the service quiet at its end, so its charges fall inside it. */
export async function step(s: Session, def: StepDef, body: () => Promise<Done>): Promise<void> {
  const from = Date.now();
  const done = await body();
  await quiet(s.service);
  await clearFaults(s.service);
  const { price, refusalIsFree = false, ...rest } = def;
  const minimum = carefulCost(price, def.fault, refusalIsFree);
  s.steps.push({ ...rest, ...done, minimum, from, to: Date.now() });
  console.log(`till: ${def.name} [${def.fault}]: ${done.read ?? (done.delivered ? 'delivered' : 'not delivered')}`);
}

/** A YouTube page of the fixtures. */
export async function open(s: Session, path: string): Promise<Page> {
  const page = await s.context.newPage();
  await page.goto(`https://www.youtube.com${path}`);
  return page;
}

export const closeAll = (pages: readonly Page[]) => Promise.all(pages.map((p) => p.close()));

/**
 * Waits for what the panel says after a fault; when it says nothing in time, the panel's text and the last
 * requests the service answered are printed before failing, so a failed run explains itself.
 */
export async function awaitSaid(s: Session, page: Page, said: Locator, timeout = 30_000): Promise<void> {
  try {
    await said.first().waitFor({ timeout });
  } catch (error) {
    // The panel's own text: in its frame on a watch page, else in the host's shadow root (Playwright's CSS pierces
    // an open one; the host's text is empty).
    const text = (panel: Locator) => panel.locator('.tl-root').first().innerText({ timeout: 2_000 });
    const panel = await text(panelOf(page)).catch(() => text(hostOf(page)).catch(() => '(no panel)'));
    const last = (await s.service.ledger()).requests.slice(-5).map((r) => `${r.method} ${r.path} ${r.status}`);
    console.log(`till: nothing said in ${timeout} ms. Panel: ${panel.slice(0, 600)}\nLast requests: ${last}`);
    throw error;
  }
}
