import type { AnalysisMode } from './api/schemas';
import type { TrackedStatus } from './jobs-store';

/**
 * Words shown for the service's values, in one place (panel, popup, options). Type-only imports, so the
 * content script pulls in nothing else.
 */
export const MODE_LABEL: Readonly<Record<AnalysisMode, string>> = {
  quick: 'Quick',
  smart: 'Smart',
  deep: 'Deep',
  auto: 'Auto',
};

export const MODES = Object.keys(MODE_LABEL) as readonly AnalysisMode[];

/** The kind of a piece of evidence or a citation, as a tag; nothing for an unknown kind. */
export const KIND_LABEL: Readonly<Record<'speech' | 'visual' | 'unknown', string | null>> = {
  speech: 'Speech',
  visual: 'Visual',
  unknown: null,
};

/** A job that may still change: it is queued or running on the service. */
export function isPending(job: { status: TrackedStatus }): boolean {
  return job.status === 'queued' || job.status === 'processing';
}
