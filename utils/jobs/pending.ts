import type { TrackedStatus } from './store';

/** A job that may still change: it is queued or running on the service. Without zod: the panel asks it too. */
export function isPending(job: { status: TrackedStatus }): boolean {
  return job.status === 'queued' || job.status === 'processing';
}
