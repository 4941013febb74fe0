import type { Worker } from '@playwright/test';
import { type RunningService, startService } from '../../service/index';
import type { Arrival, Charge, RequestEntry } from '../../service/state';

/**
 * The control API's ledger, typed by the local service's own records: the charges, the requests answered,
 * every request as it arrived, and how many have arrived and are not answered yet.
 */
export type Ledger = { charges: Charge[]; requests: RequestEntry[]; arrivals: Arrival[]; inFlight: number };

/** The local service as a test sees it: its address and its control API. */
export class TestService {
  constructor(readonly running: RunningService) {}

  get url(): string {
    return this.running.url;
  }

  async control(path: string, body?: unknown, method?: 'DELETE'): Promise<unknown> {
    const response = await fetch(`${this.url}/__control/${path}`, {
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`control ${path}: HTTP ${response.status} ${await response.text()}`);
    return response.json();
  }

  /**
   * Back to the seeded state, with every rate limit of the spec on, as the real service has them (a test that
   * turns them off says why); jobs end in `jobMs`.
   */
  async reset({ limits = true, jobMs = 2_000 }: { limits?: boolean; jobMs?: number } = {}): Promise<void> {
    await this.control('reset', {});
    await this.control('limits', { enabled: limits });
    await this.control('jobs', { durationMs: jobMs });
  }

  ledger(): Promise<Ledger> {
    return this.control('ledger') as Promise<Ledger>;
  }
}

/**
 * The 429s the service's own rate limits gave the client under test: not an injected fault's (`injected`), not
 * an answer to the test's own calls (`direct`).
 */
export const limitedByService = (ledger: Ledger) =>
  ledger.requests.filter((r) => r.status === 429 && !r.injected && !r.direct);

/**
 * The extension keeps to the spec's rate limits: throws (failing the test that met it) when the service's own
 * limits answered it 429. Both suites call it after every test.
 */
export async function failOnServiceLimits(service: TestService): Promise<void> {
  const limited = limitedByService(await service.ledger());
  if (limited.length > 0)
    throw new Error(
      `the service answered the extension 429 (rate limited) ${limited.length} time(s): ${limited
        .map((r) => `${r.method} ${r.path} (${r.token ?? 'no token'}, arrival #${r.seq})`)
        .join(', ')}`,
    );
}

export async function startTestService(): Promise<TestService> {
  return new TestService(await startService({ port: 0, control: true, jobMs: 2_000 }));
}

/**
 * Points the extension at the local service with a token, the way the options page stores them.
 * Written from the service worker (a trusted context), since tests have no other way into storage.local.
 */
export async function configureExtension(
  worker: Worker,
  serviceUrl: string,
  token: string | null,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await worker.evaluate(
    async ({ serviceUrl, token, extra }) => {
      const settings = {
        serviceUrl,
        language: 'en',
        defaultMode: 'smart',
        spendingGuard: 50,
        cacheBudgetMb: 50,
        ...extra,
      };
      await chrome.storage.local.set({ settings, settings$: { v: 1 }, apiToken: token ?? '', apiToken$: { v: 1 } });
    },
    { serviceUrl, token, extra },
  );
}
