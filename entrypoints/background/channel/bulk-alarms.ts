import { browser } from 'wxt/browser';

/** An extension API call this often keeps an MV3 worker from being stopped while a run waits. */
const HEARTBEAT_MS = 20_000;
const BACKSTOP_ALARM = 'tl-bulk-backstop';

type Deps = {
  /** Any extension API call: it resets the worker's idle timer. */
  keepAlive: () => Promise<unknown>;
  /** Whether any run of the current account is running (read when the caller does not know). */
  anyRunning: () => Promise<boolean>;
};

/**
 * What keeps runs going when the worker would stop: a heartbeat while this worker drives a run, and a backstop
 * alarm that wakes a worker stopped mid-run (index.ts resumes the runs when it rings).
 */
export function createRunAlarms({ keepAlive, anyRunning }: Deps) {
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  return {
    isBackstop: (name: string) => name === BACKSTOP_ALARM,
    /** `runningKnown`: told by the caller (a run just started), so the runs are not read for it. */
    async sync(runningKnown?: boolean): Promise<void> {
      try {
        const running = runningKnown ?? (await anyRunning());
        // Packed builds clamp alarms to 30 s: the backstop wakes a worker that was stopped mid-run.
        if (running && !(await browser.alarms.get(BACKSTOP_ALARM)))
          await browser.alarms.create(BACKSTOP_ALARM, { periodInMinutes: 0.5 });
        if (!running) await browser.alarms.clear(BACKSTOP_ALARM);
      } catch (error) {
        console.warn('Transcript Lens: could not set the bulk backstop alarm', error);
      }
    },
    /** `driving`: the runs this worker drives now; the heartbeat beats while there is one. */
    beat(driving: number): void {
      if (driving > 0 && heartbeat === null) {
        // Through an async function: a browser without the API may throw at once instead of rejecting.
        const ping = async () => keepAlive();
        heartbeat = setInterval(() => void ping().catch(() => undefined), HEARTBEAT_MS);
      } else if (driving === 0 && heartbeat !== null) {
        clearInterval(heartbeat);
        heartbeat = null;
      }
    },
  };
}
