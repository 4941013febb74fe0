import type { Locator } from '@playwright/test';

/**
 * The careful person's rule after a purchase that went wrong. They read what Transcript Lens says where they
 * bought it (the alert, the run's progress, the note by the buy button after a reload) and:
 * - where it says the purchase may have been charged, they do nothing further: trying again could pay twice;
 * - where it says nothing was charged, or that trying again costs nothing more if the first one was charged (an
 *   analysis start: the service answers with the same job), they try once more;
 * - where it says nothing about money at all, they try once more too: a person told nothing has no reason to
 *   think they paid, and leaving a possible charge unsaid is exactly what the extension must not do.
 */
export type Decision = 'nothing further' | 'one retry';

export function decide(said: string): Decision {
  if (/costs nothing (more )?if it did|nothing was charged/i.test(said)) return 'one retry';
  if (/\bmay (already )?have\b/i.test(said)) return 'nothing further';
  return 'one retry';
}

/** The words of what is shown there (alerts, notes, progress), as one line. */
export async function said(where: Locator): Promise<string> {
  return (await where.allInnerTexts()).join(' ').replace(/\s+/g, ' ').trim();
}

/** Reads, decides, and retries once when the rule says so; returns what was read and done (for the log). */
export async function carefully(where: Locator, retry: () => Promise<void>): Promise<string> {
  const text = await said(where);
  const decision = decide(text);
  if (decision === 'one retry') await retry();
  return `${decision} (read: “${text.slice(0, 160)}”)`;
}
