import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { AnalysisMode } from './api/schemas';
import { createSerial } from './serial';

/** `lost`: the service answered 404 for the job (it no longer knows it). */
export const TrackedStatus = z.enum(['queued', 'processing', 'ready', 'failed', 'lost']);
export type TrackedStatus = z.infer<typeof TrackedStatus>;

export const JobRecord = z.object({
  videoId: z.string(),
  jobId: z.number(),
  mode: AnalysisMode,
  partial: z.boolean(),
  status: TrackedStatus,
  startedAt: z.number(),
  lastPolledAt: z.number().nullable(),
  nextPollAt: z.number().nullable(),
  endedAt: z.number().nullable(),
  polls: z.number().int().nonnegative(),
  title: z.string().nullable(),
  /** Notify when it ends: started from the context menu, or no panel was showing the video. */
  notify: z.boolean(),
  error: z.object({ code: z.string(), message: z.string(), retryable: z.boolean() }).nullable(),
});
export type JobRecord = z.infer<typeof JobRecord>;

export function isPending(record: Pick<JobRecord, 'status'>): boolean {
  return record.status === 'queued' || record.status === 'processing';
}

const jobsItem = storage.defineItem<Record<string, unknown>>('local:jobs', { fallback: {}, version: 1 });

// Writes are read-modify-write on one item: one at a time.
const serial = createSerial();

/** Job records per video id in storage.local, so a killed service worker resumes polling on wake. */
export const jobStore = {
  async all(): Promise<JobRecord[]> {
    const raw = await jobsItem.getValue();
    return Object.values(raw ?? {}).flatMap((value) => {
      const parsed = JobRecord.safeParse(value);
      return parsed.success ? [parsed.data] : [];
    });
  },
  async get(videoId: string): Promise<JobRecord | null> {
    const parsed = JobRecord.safeParse((await jobsItem.getValue())?.[videoId]);
    return parsed.success ? parsed.data : null;
  },
  put(record: JobRecord): Promise<void> {
    return serial(async () => {
      const all = (await jobsItem.getValue()) ?? {};
      await jobsItem.setValue({ ...all, [record.videoId]: record });
    });
  },
  remove(videoId: string): Promise<void> {
    return serial(async () => {
      const { [videoId]: _gone, ...rest } = (await jobsItem.getValue()) ?? {};
      await jobsItem.setValue(rest);
    });
  },
};
export type JobStore = typeof jobStore;
