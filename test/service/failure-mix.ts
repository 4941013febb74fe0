import type { Video } from './catalog';

const TERMINAL = ['transcripts_disabled', 'video_unavailable', 'age_restricted', 'video_unplayable'] as const;
const TRANSIENT = ['fetch_failed', 'ip_blocked', 'request_blocked', 'service_paused'] as const;

/**
 * How the uploads of @tvamixed (`tvaMix00001` … `tvaMix00120`) fail, by their number n, as a big real batch
 * does: one in ten for good with a terminal code (n ending in 3: free, never retried); one in ten for a while
 * with a transient code (n ending in 7: once, or twice when n % 20 is 7; delivered on a later pass); and one
 * in forty with `internal` every time (n % 40 is 0: still failed after any number of passes). Of 120, 105 can
 * be delivered: 12 terminal, 12 healing, 3 failing for good.
 */
export function failureMix(id: string): Partial<Video> {
  const match = /^tvaMix(\d{5})$/.exec(id);
  if (!match) return {};
  const n = Number(match[1]);
  const turn = Math.floor(n / 10) % 4;
  if (n % 10 === 3) return { problem: TERMINAL[turn] };
  if (n % 10 === 7) return { flakyFailures: n % 20 === 7 ? 2 : 1, flakyError: TRANSIENT[turn] };
  if (n % 40 === 0) return { flakyFailures: Number.POSITIVE_INFINITY, flakyError: 'internal' };
  return {};
}
