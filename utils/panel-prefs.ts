import { browser } from 'wxt/browser';
import * as z from 'zod/mini';

/**
 * UI preferences of the panel, in storage.sync: storage.local is closed to content scripts (it holds
 * the token), and nothing here is secret. Read and written directly, to keep the panel's bundle small.
 */
const KEY = 'panelPrefs';
export const PanelPrefs = z.object({ collapsed: z.boolean() });
export type PanelPrefs = z.infer<typeof PanelPrefs>;

const DEFAULT: PanelPrefs = { collapsed: false };

export async function readPanelPrefs(): Promise<PanelPrefs> {
  const stored = await browser.storage.sync.get(KEY).catch(() => ({}) as Record<string, unknown>);
  const parsed = PanelPrefs.safeParse((stored as Record<string, unknown>)[KEY]);
  return parsed.success ? parsed.data : DEFAULT;
}

export async function writePanelPrefs(patch: Partial<PanelPrefs>): Promise<void> {
  const next = { ...(await readPanelPrefs()), ...patch };
  await browser.storage.sync.set({ [KEY]: next }).catch(() => undefined);
}
