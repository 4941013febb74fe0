import type { Locator, Page } from '@playwright/test';
import { panelOf } from './panel';

/** The Notes tab's list of the video's highlights and notes. */
export const notesList = (page: Page): Locator => panelOf(page).getByRole('list', { name: 'Highlights and notes' });

/** Selects from `fromChar` of the first cue's words to `toChar` of the second's, as a drag over them does. */
export async function selectOverCues(page: Page, fromChar: number, toChar: number): Promise<void> {
  await panelOf(page).evaluate(
    (body, { fromChar, toChar }) => {
      const text = (i: number) => body.querySelector(`[data-cue="${i}"] .tl-cue-text`)?.firstChild;
      const [from, to] = [text(0), text(1)];
      if (!from || !to) throw new Error('no cues');
      const range = body.ownerDocument.createRange();
      range.setStart(from, fromChar);
      range.setEnd(to, toChar);
      body.ownerDocument.getSelection()?.addRange(range);
    },
    { fromChar, toChar },
  );
}
