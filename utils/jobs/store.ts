import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { AnalysisMode } from '../api/schemas';
import { createSerial } from '../serial';

/** `lost`: the service no longer knows the job (404), or it stayed unfinished past the polling limit. */
export const TrackedStatus = z.enum(['queued', 'processing', 'ready', 'failed', 'lost']);
export type TrackedStatus = z.infer<typeof TrackedStatus>;

export const JobRecord = z.object({
  /** The account (utils/account/key.ts) whose token started the job; its polls use that token only. */
  account: z.string(),
  videoId: z.string(),
  jobId: z.number(),
  /** The mode and `partial` the service reports running (auto resolved), else the ones asked for. */
  mode: AnalysisMode,
  partial: z.boolean(),
  /** The caption language sent with the start: spoken citations are checked against that transcript. */
  lang: z.string().nullable().default(null),
  status: TrackedStatus,
  /** A status word outside the spec's four, as the service sent it (the job is treated as still running). */
  serviceStatus: z.string().nullable().default(null),
  startedAt: z.number(),
  lastPolledAt: z.number().nullable(),
  nextPollAt: z.number().nullable(),
  endedAt: z.number().nullable(),
  polls: z.number().int().nonnegative(),
  title: z.string().nullable(),
  /** Notify when it ends: started from the context menu, or no panel was showing the video. */
  notify: z.boolean(),
  error: z.object({ code: z.string(), message: z.string(), retryable: z.boolean() }).nullable(),
  /**
   * `import`: the analysis came from a library file, and `jobId` is only where it came from (another browser,
   * maybe another account). `unnumbered`: the service answered a start "ready" with the analysis and no job id
   * (`jobId` 0). Either is shown but never polled, fetched or asked, and pays for nothing here. Absent on jobs
   * started here that the service numbered (and on records written before imports were marked).
   */
  source: z.enum(['import', 'unnumbered']).optional(),
});
export type JobRecord = z.infer<typeof JobRecord>;

/** A job that came from a library file: its id is provenance, not a job this account can poll or ask. */
export const isImported = (job: Pick<JobRecord, 'source'>): boolean => job.source === 'import';

/** A job this account started and the service numbered: the only kind that is polled, fetched and asked. */
export const isFollowable = (job: Pick<JobRecord, 'source'>): boolean => job.source === undefined;

/**
 * Where a job's answers are kept. An imported job's answers are filed by video, not by its foreign id, which
 * may equal the id of one of this account's own jobs of another video (an unnumbered one's id is no id at all).
 */
export const answersKeyOf = (job: Pick<JobRecord, 'account' | 'videoId' | 'jobId' | 'source'>): string =>
  job.source ? `${job.account}:${job.source}:${job.videoId}` : `${job.account}:${job.jobId}`;

type Books = Record<string, Record<string, unknown>>;
const jobsItem = storage.defineItem<Books>('local:jobsByAccount', { fallback: {}, version: 1 });

// Writes are read-modify-write on one item: one at a time.
const serialOf = createSerial();
/** Writes this worker ended, written or not: a reader that saw none since its last read may skip reading again. */
let ended = 0;
const serial = <T>(write: () => Promise<T>): Promise<T> =>
  serialOf(write).finally(() => {
    ended++;
  });

function parse(value: unknown): JobRecord | null {
  const parsed = JobRecord.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Job records per account and video id in storage.local, so a killed service worker resumes polling on wake. */
export const jobStore = {
  /** How many writes this worker ended (moves after each, in memory; see catalog-sync.ts in the library). */
  writesEnded: (): number => ended,
  async all(account: string): Promise<JobRecord[]> {
    if (!account) return [];
    const book = (await jobsItem.getValue())?.[account] ?? {};
    return Object.values(book).flatMap((value) => parse(value) ?? []);
  },
  async get(account: string, videoId: string): Promise<JobRecord | null> {
    if (!account) return null;
    return parse((await jobsItem.getValue())?.[account]?.[videoId]);
  },
  put(record: JobRecord): Promise<void> {
    return serial(async () => {
      const all = (await jobsItem.getValue()) ?? {};
      const book = all[record.account] ?? {};
      await jobsItem.setValue({ ...all, [record.account]: { ...book, [record.videoId]: record } });
    });
  },
  /**
   * An import's records in one write, all or none, each only where its video has no job or a failed one when
   * the write happens: a job started meanwhile (paid, maybe running) is never replaced. Returns those written.
   */
  addImported(records: readonly JobRecord[]): Promise<JobRecord[]> {
    return serial(async () => {
      const all = { ...((await jobsItem.getValue()) ?? {}) };
      const added = records.filter((r) => {
        const held = parse(all[r.account]?.[r.videoId]);
        // The same imported record again: the import that wrote it stopped before its analysis (import-plan.ts).
        const again = held?.source === 'import' && held.jobId === r.jobId;
        return held === null || held.status === 'failed' || again;
      });
      for (const r of added) all[r.account] = { ...(all[r.account] ?? {}), [r.videoId]: r };
      if (added.length > 0) await jobsItem.setValue(all);
      return added;
    });
  },
  /** Takes back records `addImported` wrote (an import that failed after), each only while it is still there. */
  removeImported(records: readonly JobRecord[]): Promise<void> {
    return serial(async () => {
      const all = { ...((await jobsItem.getValue()) ?? {}) };
      for (const r of records) {
        const held = parse(all[r.account]?.[r.videoId]);
        if (held?.source !== 'import' || held.jobId !== r.jobId) continue;
        const { [r.videoId]: _gone, ...book } = all[r.account] ?? {};
        all[r.account] = book;
      }
      await jobsItem.setValue(all);
    });
  },
  remove(account: string, videoId: string): Promise<void> {
    return jobStore.removeMany(account, [videoId]);
  },
  /**
   * The videos' records in one write: a removal of thousands of videos, one write each, rewrote every record
   * thousands of times (10,000 analysed videos: some 3 MB, 10,000 times).
   */
  removeMany(account: string, videoIds: readonly string[]): Promise<void> {
    return serial(async () => {
      const all = (await jobsItem.getValue()) ?? {};
      const named = new Set(videoIds);
      const held = Object.entries(all[account] ?? {});
      const book = Object.fromEntries(held.filter(([videoId]) => !named.has(videoId)));
      if (Object.keys(book).length < held.length) await jobsItem.setValue({ ...all, [account]: book });
    });
  },
};
export type JobStore = typeof jobStore;
