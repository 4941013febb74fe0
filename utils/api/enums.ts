import { z } from 'zod';

/**
 * The service's named values that the lenient readers (./read) check against: here, not in schemas.ts, so the
 * readers use them without a circle through schemas.ts, which re-exports the readers' types.
 */
export const Plan = z.enum(['free', 'starter', 'pro', 'team']);
export type Plan = z.infer<typeof Plan>;

export const JobStatus = z.enum(['queued', 'processing', 'ready', 'failed']);
export type JobStatus = z.infer<typeof JobStatus>;
