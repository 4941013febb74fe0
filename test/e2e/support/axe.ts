import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

declare global {
  /** axe-core, once its script ran in the frame. */
  var axe: typeof import('axe-core');
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The watch page's panel, audited by axe-core run inside the panel's own frame. @axe-core/playwright gives each
 * frame one second to take axe's half-megabyte script and silently leaves out a frame that takes longer: on a
 * slower two-core machine the extension's frame did, and the panel went unaudited (3 nodes checked, not 10+).
 * Here the script goes in without a deadline, and the caller can see how much the audit reached.
 */
export async function auditPanelFrame(page: Page, disabledRules: readonly string[] = []): Promise<AxeResults> {
  const frame = await panelFrame(page);
  await frame.evaluate(AXE_SOURCE);
  return frame.evaluate(
    (disabled) =>
      axe.run(document, {
        rules: Object.fromEntries(disabled.map((id) => [id, { enabled: false }])),
        resultTypes: ['violations', 'passes'],
      }),
    [...disabledRules],
  );
}

async function panelFrame(page: Page): Promise<Frame> {
  const element = await page.locator('transcript-lens-panel iframe').elementHandle();
  const frame = await element?.contentFrame();
  if (!frame) throw new Error('The panel has no frame to audit.');
  return frame;
}

/** How many elements the audit checked and found right: a panel drawn in full gives well over ten. */
export const nodesPassed = (results: AxeResults): number => results.passes.flatMap((p) => p.nodes).length;

/** One line per violation: the rule, its impact, and where. */
export const violationLines = (violations: AxeResults['violations']): string[] =>
  violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
  );
