import type { Context } from 'hono';
import type { z } from 'zod';
import type { Account } from './accounts';
import { isRefusal, type Refusal, refuse } from './errors';
import { admit, limitsFor, type RateKind } from './rate-limit';
import type { ServiceState } from './state';

/** `injected`: the answer is an injected fault's (set by the fault middleware, read by the request log). */
export type Env = { Variables: { account: Account; injected?: true } };

/**
 * The header a test sends on its own calls to the service (another client of the account: another device, the
 * assistant), so the ledger tells them from the extension's: the request log marks them `direct`.
 */
export const DIRECT_HEADER = 'X-Test-Direct';

/** The token of `Authorization: Basic <token>`, sent as is (no base64 user:password, no Bearer). */
export function tokenOf(header: string | undefined): string | undefined {
  const match = /^Basic\s+(\S+)\s*$/.exec(header ?? '');
  return match?.[1];
}

export function authenticate(state: ServiceState, header: string | undefined): Account | Refusal {
  const token = tokenOf(header);
  const account = token === undefined ? undefined : state.accounts.get(token);
  if (!account) {
    return refuse(
      401,
      'unauthorized',
      'Missing or invalid API token. Send the header "Authorization: Basic <API token>".',
    );
  }
  if (!account.emailVerified) {
    return refuse(403, 'email_unverified', 'Verify your account e-mail address before using the API.');
  }
  return account;
}

/** Counts the request against its rate limits (unless relaxed through the control API). */
export function rateLimit(state: ServiceState, account: Account, kind: RateKind): Refusal | null {
  if (!state.limitsEnabled) return null;
  const blocked = admit(state.windows, account.token, limitsFor(kind, account.plan), state.now());
  if (!blocked) return null;
  return refuse(429, 'rate_limited', `Too many requests. Retry in ${blocked.retryAfter} s.`, {
    retryAfter: blocked.retryAfter,
  });
}

export function sendRefusal(c: Context, refusal: Refusal): Response {
  const { retryAfter, ...body } = refusal.body;
  if (refusal.status === 429 && typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter));
  return c.json(body, refusal.status);
}

/**
 * What is wrong with a body, naming the fields: unknown (or misnamed) fields first, since a misnamed field
 * often also leaves a required one missing, then the first other problem.
 */
function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const unknown = issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' ? issue.keys.map((key) => `"${[...issue.path, key].join('.')}"`) : [],
  );
  const parts = unknown.length ? [`unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`] : [];
  const other = issues.find((issue) => issue.code !== 'unrecognized_keys');
  if (other) parts.push(`${other.path.length ? `${other.path.join('.')}: ` : ''}${other.message}`);
  return parts.join('; ') || 'invalid input';
}

/** Parses the JSON body with a schema; malformed JSON and invalid or unknown fields are 400 bad_request. */
export async function readBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T> | Refusal> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    return refuse(400, 'bad_request', 'The body is not valid JSON.');
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  return refuse(400, 'bad_request', `Invalid request: ${describeIssues(parsed.error.issues)}.`);
}

export function respond(c: Context, result: unknown, status: 200 | 202 = 200): Response {
  return isRefusal(result) ? sendRefusal(c, result) : c.json(result as object, status);
}
