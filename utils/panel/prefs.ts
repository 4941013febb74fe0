import { browser } from 'wxt/browser';

/**
 * UI preferences of the panel, in storage.sync: storage.local is closed to content scripts (it holds
 * the token), and nothing here is secret. Read and written directly, and read by hand rather than with zod,
 * to keep the panel's bundle small.
 */
export const PANEL_PREFS_KEY = 'panelPrefs';
/** Where the person wants the panel on a watch page: YouTube's right column, or floating over the page. */
export type PanelPlacement = 'column' | 'floating';
export type PanelPrefs = { collapsed: boolean; placement: PanelPlacement };

const PLACEMENTS: readonly unknown[] = ['column', 'floating'] satisfies PanelPlacement[];
const DEFAULT: PanelPrefs = { collapsed: false, placement: 'column' };

/**
 * Reads a stored value leniently: anything unreadable is the default, never an error. A stored value is
 * `{ collapsed, placement? }`: preferences saved before the panel could move have no placement.
 */
export function parsePanelPrefs(stored: unknown): PanelPrefs {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return DEFAULT;
  const { collapsed, placement } = stored as { collapsed?: unknown; placement?: unknown };
  if (typeof collapsed !== 'boolean' || (placement !== undefined && !PLACEMENTS.includes(placement))) return DEFAULT;
  return { collapsed, placement: (placement as PanelPlacement | undefined) ?? 'column' };
}

export async function readPanelPrefs(): Promise<PanelPrefs> {
  const stored = await browser.storage.sync.get(PANEL_PREFS_KEY).catch(() => ({}) as Record<string, unknown>);
  return parsePanelPrefs((stored as Record<string, unknown>)[PANEL_PREFS_KEY]);
}

export async function writePanelPrefs(patch: Partial<PanelPrefs>): Promise<void> {
  const next = { ...(await readPanelPrefs()), ...patch };
  await browser.storage.sync.set({ [PANEL_PREFS_KEY]: next }).catch(() => undefined);
}

/** Calls back with the preferences whenever any page of this browser changes them. */
export function onPanelPrefsChange(cb: (prefs: PanelPrefs) => void): () => void {
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area === 'sync' && PANEL_PREFS_KEY in changes) cb(parsePanelPrefs(changes[PANEL_PREFS_KEY]?.newValue));
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
