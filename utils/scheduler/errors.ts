/** An early turn (RunOptions.early) withdrawn by its signal while its request waited for room: nothing was sent. */
export class WithdrawnBeforeSending extends Error {
  constructor() {
    super('Withdrawn before it was sent');
    this.name = 'WithdrawnBeforeSending';
  }
}

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
