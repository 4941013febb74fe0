import type { Locator, Page } from '@playwright/test';
import { hostOf, killServiceWorkers, panelOf } from '../../e2e/support/panel';
import type { TestService } from '../../e2e/support/service';

/**
 * The fault matrix on the local service's control API (test/service/README.md). `path` is a prefix; on /mcp,
 * `tool` narrows a fault to one tool's calls.
 */
type Where = { path: string; tool?: string };

/** Held past the client's fixed 20-second timeout after processing: charged, never answered. */
export const timeoutAfterCharge = (service: TestService, where: Where) =>
  service.control('faults', { ...where, processFirst: true, delayMs: 25_000 });

/** Processed and charged, then answered 200 with a body cut off mid-way. */
export const unreadableAfterCharge = (service: TestService, where: Where) =>
  service.control('faults', { ...where, processFirst: true, body: 'malformed' });

/** Answered `status` before any processing: nothing charged. */
export const errorBeforeCharge = (service: TestService, where: Where, status: number) =>
  service.control('faults', { ...where, status });

/** Every matching request held `delayMs` before processing, until `clearFaults`. */
export const slow = (service: TestService, where: Where, delayMs: number) =>
  service.control('slow', { ...where, delayMs });

export async function clearFaults(service: TestService): Promise<void> {
  await service.control('faults', undefined, 'DELETE');
  await service.control('slow', undefined, 'DELETE');
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until a request to `path` has been held by the service (arrived, not answered) for a second: longer than
 * anything unheld takes, so on /mcp it is the slowed tool call, not the initialize before it.
 */
export async function heldByService(service: TestService, path: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ledger = await service.ledger();
    const answered = new Set(ledger.requests.map((r) => r.seq));
    const held = (a: { seq: number; path: string; at: number }) =>
      a.path.startsWith(path) && !answered.has(a.seq) && Date.now() - a.at > 1_000;
    if (ledger.arrivals.some(held)) return;
    if (Date.now() > deadline) throw new Error(`no request to ${path} reached the service`);
    await pause(100);
  }
}

/** Until nothing is in flight on the service (the end of a step: its charges are in). */
export async function quiet(service: TestService, timeoutMs = 40_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await service.ledger()).inFlight > 0) {
    if (Date.now() > deadline) throw new Error('the service stayed busy');
    await pause(150);
  }
}

/**
 * The worker stopped while a request of `path` is held before processing (as Chrome stops it on an update or a
 * crash). The service still does the work and charges; nothing slows later requests.
 */
export async function killWorkerMidRequest(service: TestService, page: Page, path: string): Promise<void> {
  await heldByService(service, path);
  await killServiceWorkers(page);
  await service.control('slow', undefined, 'DELETE');
  await quiet(service);
}

/** After the worker stopped, the panel lost its answer: the person reloads the page, as the panel asks. */
export async function reloadAsAsked(page: Page): Promise<void> {
  // In the watch page's panel frame, or in the host on a channel page.
  const said = (panel: Locator) => panel.getByRole('alert').first().waitFor({ timeout: 15_000 });
  await Promise.any([said(panelOf(page)), said(hostOf(page))]).catch(() => undefined);
  await page.reload();
}
