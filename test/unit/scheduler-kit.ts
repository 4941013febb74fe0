/** A 429 as the scheduler's callers see it, with the Retry-After the service gave. */
export class Http429 extends Error {
  constructor(readonly retryAfter: number) {
    super('rate_limited');
  }
}

/** The scheduler's `rateLimitedSeconds` for tests: the wait a 429 asks for, null for any other failure. */
export const rateLimitedSeconds = (error: unknown) => (error instanceof Http429 ? error.retryAfter : null);
