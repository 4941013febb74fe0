import { z } from 'zod';
import type { Ledger, TestService } from './service';

/**
 * Calls to the local service made by the test itself, as another client of the same account would
 * (another device, the MCP assistant): to know what the panel should show, or to have an analysis
 * already finished on the account without waiting for the extension's 10-second poll.
 */

const Segment = z.object({ text: z.string(), start: z.number(), duration: z.number() });
const Transcripts = z.object({ results: z.array(z.object({ segments: z.array(Segment).optional() })) });
const JobBody = z.object({ jobId: z.number(), status: z.string() });

async function call(service: TestService, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: { Authorization: `Basic ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** The segments the service gives a video (read with another account, so the test's own ledger is untouched). */
export async function serviceSegments(service: TestService, videoId: string, lang = 'en') {
  const body = Transcripts.parse(
    await call(service, 'demo-team', 'POST', '/api/transcripts', { ids: [videoId], lang }),
  );
  const segments = body.results[0]?.segments;
  if (!segments) throw new Error(`no transcript for ${videoId}`);
  return segments;
}

/** Starts an analysis on the account directly and waits until the service says it is ready. */
export async function analyzeOnService(
  service: TestService,
  videoId: string,
  { token = 'demo-pro', mode = 'smart' }: { token?: string; mode?: string } = {},
): Promise<number> {
  const started = JobBody.parse(await call(service, token, 'POST', '/api/watch', { id: videoId, mode }));
  for (let i = 0; i < 100; i++) {
    const job = JobBody.parse(await call(service, token, 'GET', `/api/watch/${started.jobId}`));
    if (job.status === 'ready') return started.jobId;
    if (job.status === 'failed') throw new Error(`analysis of ${videoId} failed`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`analysis of ${videoId} did not finish`);
}

type Charge = Ledger['charges'][number];

export const chargesFor = (ledger: Ledger, videoId: string, kind?: Charge['kind']): Charge[] =>
  ledger.charges.filter((c) => c.videoId === videoId && (kind === undefined || c.kind === kind));

/** Requests to exactly `path` (or, given a RegExp, to paths it matches). */
export const requestsTo = (ledger: Ledger, path: string | RegExp, method?: string) =>
  ledger.requests.filter(
    (r) => (typeof path === 'string' ? r.path === path : path.test(r.path)) && (!method || r.method === method),
  );
