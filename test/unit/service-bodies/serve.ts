import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type BalancesSeen, createApiClient } from '../../../utils/api/client';
import { ServiceError } from '../../../utils/api/errors';

const DIR = fileURLToPath(new URL('../../fixtures/service-bodies/', import.meta.url));

/** A body of the corpus, byte for byte. */
export function body(file: string): string {
  return readFileSync(`${DIR}${file}`, 'utf8');
}

export function contentTypeOf(file: string): string {
  if (file.endsWith('.json')) return 'application/json';
  if (file.endsWith('.html')) return 'text/html; charset=utf-8';
  return 'text/plain';
}

export type Served = { status?: number; contentType?: string; retryAfter?: string };

/** A client whose fetch answers every call with one corpus body, as a server would send it. */
export function clientServing(file: string, served: Served = {}) {
  const seen: BalancesSeen[] = [];
  const fetch: typeof globalThis.fetch = async () => {
    const headers = new Headers({ 'Content-Type': served.contentType ?? contentTypeOf(file) });
    if (served.retryAfter !== undefined) headers.set('Retry-After', served.retryAfter);
    const status = served.status ?? 200;
    return new Response(status === 204 ? null : body(file), { status, headers });
  };
  const client = createApiClient({
    baseUrl: 'https://service.test',
    token: 't',
    fetch,
    onBalances: (b) => seen.push(b),
  });
  return { client, seen };
}

/** The ServiceError a call ends with (fails the test when it resolves). */
export async function errorOf(promise: Promise<unknown>): Promise<ServiceError> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome) || !(outcome.error instanceof ServiceError)) {
    throw new Error(`expected a ServiceError, got ${JSON.stringify(outcome)}`);
  }
  return outcome.error;
}
