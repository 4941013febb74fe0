import { browser } from 'wxt/browser';
import * as z from 'zod/mini';

/**
 * UI preferences of the panel, in storage.sync: storage.local is closed to content scripts (it holds
 * the token), and nothing here is secret. Read and written directly, to keep the panel's bundle small.
 */
export const PANEL_PREFS_KEY = 'panelPrefs';
/** Where the person wants the panel on a watch page: YouTube's right column, or floating over the page. */
export const PanelPlacement = z.enum(['column', 'floating']);
export type PanelPlacement = z.infer<typeof PanelPlacement>;
export const PanelPrefs = z.object({
  collapsed: z.boolean(),
  // Optional: preferences saved before the panel could move have no placement.
  placement: z.optional(PanelPlacement),
});
export type PanelPrefs = { collapsed: boolean; placement: PanelPlacement };

const DEFAULT: PanelPrefs = { collapsed: false, placement: 'column' };

/** Reads a stored value leniently: anything unreadable is the default, never an error. */
export function parsePanelPrefs(stored: unknown): PanelPrefs {
  const parsed = PanelPrefs.safeParse(stored);
  return parsed.success ? { ...DEFAULT, ...parsed.data, placement: parsed.data.placement ?? 'column' } : DEFAULT;
}

export async function readPanelPrefs(): Promise<PanelPrefs> {
  const stored = await browser.storage.sync.get(PANEL_PREFS_KEY).catch(() => ({}) as Record<string, unknown>);
  return parsePanelPrefs((stored as Record<string, unknown>)[PANEL_PREFS_KEY]);
}

export async function writePanelPrefs(patch: Partial<PanelPrefs>): Promise<void> {
  const next = { ...(await readPanelPrefs()), ...patch };
  await browser.storage.sync.set({ [PANEL_PREFS_KEY]: next }).catch(() => undefined);
}

/** Calls back with the placement whenever any page of this browser changes it. */
export function onPlacementChange(cb: (placement: PanelPlacement) => void): () => void {
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area === 'sync' && PANEL_PREFS_KEY in changes)
      cb(parsePanelPrefs(changes[PANEL_PREFS_KEY]?.newValue).placement);
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
