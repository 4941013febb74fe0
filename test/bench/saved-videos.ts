import type { BrowserContext } from '@playwright/test';
import { showCues } from './cues';

/** Videos with a saved transcript: each load below shows one from the cache, as a person who comes back sees it. */
export const SAVED = ['tvaAutoGen1', 'tvaHuman001', 'tvaSpanish1'] as const;

/** Loads each video once and has its transcript saved ("Load transcript", as a person would). */
export async function saveTranscripts(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  for (const id of SAVED) {
    await page.goto(`https://www.youtube.com/watch?v=${id}`);
    await showCues(page);
  }
  await page.close();
}
