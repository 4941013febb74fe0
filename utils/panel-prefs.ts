import { storage } from 'wxt/utils/storage';
import { z } from 'zod';

/** UI preferences of the panel. storage.sync, because storage.local is closed to content scripts
 * (it holds the token); nothing here is secret. */
export const PanelPrefs = z.object({
  collapsed: z.boolean(),
  tab: z.enum(['transcript', 'analysis', 'ask']),
});
export type PanelPrefs = z.infer<typeof PanelPrefs>;
export type PanelTab = PanelPrefs['tab'];

const DEFAULT: PanelPrefs = { collapsed: false, tab: 'transcript' };
const item = storage.defineItem<PanelPrefs>('sync:panelPrefs', { fallback: DEFAULT, version: 1 });

export async function readPanelPrefs(): Promise<PanelPrefs> {
  const parsed = PanelPrefs.safeParse(await item.getValue().catch(() => DEFAULT));
  return parsed.success ? parsed.data : DEFAULT;
}

export async function writePanelPrefs(patch: Partial<PanelPrefs>): Promise<void> {
  await item.setValue({ ...(await readPanelPrefs()), ...patch }).catch(() => undefined);
}

/** `#transcript-lens=analysis` on a video URL opens the panel on that tab (notifications, popup links). */
export function tabFromHash(hash: string): PanelTab | null {
  const match = /(?:^#|&)transcript-lens=(transcript|analysis|ask)\b/.exec(hash);
  return (match?.[1] as PanelTab | undefined) ?? null;
}
