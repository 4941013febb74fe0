import { errorSentence, rateLimitSentence } from '../../../utils/api/error-text';
import { isServiceError } from '../../../utils/api/errors';
import { t } from '../../../utils/i18n/catalogue';
import { fail, ok, type Reply } from '../../../utils/protocol/envelope';
import { RateLimitWaitTooLong } from '../../../utils/scheduler';

/** A handler's refusal with its own code and sentence (a bad token, an address without permission, ...). */
export class Refusal extends Error {
  override readonly name: string = 'Refusal';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Any failure of a background action as a reply with a sentence for a person. Loses the code, never the cause. */
export function replyFromError(error: unknown): Reply<never> {
  if (error instanceof RateLimitWaitTooLong) {
    return fail('rate_limited', rateLimitSentence(error.retryAfterSeconds), { retryAfter: error.retryAfterSeconds });
  }
  if (error instanceof Refusal) return fail(error.code, error.message);
  if (isServiceError(error)) {
    // A sentence written where the error was read knows the action; a tool's own text is written for a person.
    const message =
      error.sentence ?? (error.code === 'tool_error' ? error.message : errorSentence(error.code, error.message));
    return fail(error.code, message, {
      ...(error.retryAfter !== undefined && { retryAfter: error.retryAfter }),
      details: { status: error.status, ...error.details },
    });
  }
  const text = error instanceof Error ? error.message : String(error);
  return fail('internal', t('background.error.internal', { text }));
}

/** A handler's work as a reply: its value, or its failure as a sentence. */
export async function guarded<T>(work: () => Promise<T>): Promise<Reply<T>> {
  try {
    return ok(await work());
  } catch (error) {
    return replyFromError(error);
  }
}
