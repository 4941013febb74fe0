import { z } from 'zod';
import { Plan } from './plans';

const nonneg = z.number().int().nonnegative();
const delayMs = nonneg.max(120_000);

/** Which requests a rule applies to: a path prefix, and on /mcp optionally one tool's calls ('*': any tool call). */
const match = {
  path: z.string().startsWith('/'),
  tool: z.string().min(1).max(100).optional(),
};

// Any status, body, content type and headers, so tests can send what a real service or a proxy might.
export const FaultBody = z
  .object({
    ...match,
    processFirst: z.boolean().optional(),
    status: z.number().int().min(200).max(599).optional(),
    delayMs: delayMs.optional(),
    body: z.unknown().optional(),
    text: z.string().max(1_000_000).optional(),
    contentType: z.string().min(1).max(200).optional(),
    retryAfter: z.union([nonneg, z.string().max(200)]).optional(),
    headers: z.record(z.string().regex(/^[A-Za-z0-9-]+$/), z.string().max(2_000)).optional(),
    times: z.number().int().positive().optional(),
  })
  .refine((f) => f.text === undefined || f.body === undefined, 'send either body (JSON) or text, not both');
export const SlowBody = z.object({ ...match, delayMs, processFirst: z.boolean().optional() });
export const JobsBody = z.object({
  durationMs: nonneg.optional(),
  failNext: z.object({ errorCode: z.string().min(1), retryable: z.boolean() }).optional(),
  /** Every job started so far ends now: a test holds a job running as long as it needs, then ends it. */
  endStarted: z.literal(true).optional(),
});
export const OverrideBody = z.looseObject({
  videoId: z.string(),
  artifact: z.unknown().optional(),
  answer: z.unknown().optional(),
});
export const AccountBody = z.object({
  token: z.string().min(1),
  plan: Plan.optional(),
  cloudRequests: nonneg.optional(),
  aiUnits: nonneg.optional(),
  aiTopUp: nonneg.optional(),
  emailVerified: z.boolean().optional(),
});

const argumentName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/);
export const ToolShapeBody = z
  .object({
    tool: z.string().min(1).max(100),
    rename: z.record(argumentName, argumentName).optional(),
    drop: z.array(argumentName).max(20).optional(),
    rpcError: z.object({ code: z.number().int(), message: z.string().min(1).max(500) }).optional(),
  })
  .refine((b) => new Set(Object.values(b.rename ?? {})).size === Object.keys(b.rename ?? {}).length, {
    message: 'two arguments renamed to the same name',
  });
