/** The service asked us to wait longer than is worth waiting (or kept refusing); surface it to the person. */
export class RateLimitWaitTooLong extends Error {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, options?: { cause?: unknown; retries?: number }) {
    const why =
      options?.retries === undefined
        ? `the service asks to wait ${retryAfterSeconds} s`
        : `still rate limited after ${options.retries} retries`;
    super(`Rate limited: ${why}`, { cause: options?.cause });
    this.name = 'RateLimitWaitTooLong';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
