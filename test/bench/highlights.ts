import type { Page } from '@playwright/test';
import { highlightOfCue } from '../../components/notes/selection';
import { buildCues } from '../../components/transcript/cues';
import type { Segment } from '../../utils/api/schemas';
import type { Highlight } from '../../utils/notes/model';
import { showCues } from './cues';
import { panelFrame } from './panel-frame';

/**
 * How many highlights the transcript figures are measured with (issue 43: 6,000 cues with 500 highlights);
 * BENCH_HIGHLIGHTS=0 measures the bare transcript, to compare.
 */
export const HIGHLIGHTS = Number(process.env.BENCH_HIGHLIGHTS ?? 500);

/**
 * Highlights spread evenly over the video's cues, each the first words of its cue (a mark inside the row's text,
 * as a person's selection makes), the first cue's among them so the list's top shows one.
 */
export function spreadHighlights(videoId: string, segments: readonly Segment[], count: number): Highlight[] {
  const cues = buildCues(segments);
  const step = Math.max(1, Math.floor(cues.texts.length / Math.max(count, 1)));
  const out: Highlight[] = [];
  for (let index = 0; index < cues.texts.length && out.length < count; index += step) {
    const whole = highlightOfCue(cues, index, { id: crypto.randomUUID(), videoId, videoTitle: 'Bench' });
    const words = whole?.text.split(' ').slice(0, 3).join(' ');
    if (whole && words) out.push({ ...whole, text: words });
  }
  return out;
}

/**
 * Writes the highlights into the notes' own database in the background's worker (the panel's frame, inside a
 * YouTube page, has partitioned storage), then reloads the page: the panel lists them and draws them, as after a
 * person kept them. Resolves once the first cue shows its mark.
 */
export async function seedHighlights(page: Page, highlights: readonly Highlight[]): Promise<void> {
  if (highlights.length === 0) return;
  const context = page.context();
  const worker =
    context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ??
    (await context.waitForEvent('serviceworker'));
  await worker.evaluate(
    (items) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('transcript-lens-notes', 1);
        // The background makes it on its first note; made here the same way if this is the first.
        open.onupgradeneeded = () =>
          open.result.createObjectStore('items', { keyPath: 'id' }).createIndex('videoId', 'videoId');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('items', 'readwrite');
          for (const item of items) tx.objectStore('items').put(item);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    highlights,
  );
  await page.reload();
  await showCues(page);
  const marked = await panelFrame(page);
  await marked.locator('[data-cue="0"] mark.tl-kept').waitFor({ timeout: 30_000 });
}
