import { z } from 'zod';
import { isVideoId } from '../video-id';

/** How far "Read around this moment" reads on each side of it, in seconds. */
export const AROUND_SECONDS = 60;

/** The part read around a moment: whole seconds, from never below 0. */
export const aroundRange = (at: number): { from: number; to: number } => {
  const moment = Math.max(0, Math.floor(at));
  return { from: Math.max(0, moment - AROUND_SECONDS), to: moment + AROUND_SECONDS };
};

/**
 * A part of an unsaved video's transcript bought with the MCP tool get_transcript. Zod, because it is held in
 * storage and read back from there (a second "Read around this moment" shows it again, free).
 */
export const AroundPassage = z.object({
  videoId: z.string().refine(isVideoId),
  from: z.number().nonnegative(),
  to: z.number().nonnegative(),
  cues: z.array(z.object({ start: z.number().nonnegative(), text: z.string() })),
  /** The text, when the answer had no timed cues. */
  text: z.string(),
  /** The video's own failure as a sentence (it cost nothing). */
  error: z.string().nullable(),
});
export type AroundPassage = z.infer<typeof AroundPassage>;

/** The price of reading around a moment, with its consent ticket; or the passage already held (free). */
export type AroundQuote =
  | { held: AroundPassage }
  | {
      held: null;
      from: number;
      to: number;
      /** null when nothing can be bought (the server's schema cannot say it, or the balance is 0). */
      quoteId: string | null;
      cloudRequests: number;
      balance: number | null;
      /** Why it cannot be bought, as a sentence. */
      refusal: string | null;
    };

/** What "Read" brought: the passage, and whether it was shown again for free. */
export type AroundRead = { passage: AroundPassage; held: boolean };
