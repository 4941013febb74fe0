import type { Core } from '../core/core';
import { savedTranscript } from '../saved/transcripts';
import type { Till } from '../till';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'inflight' | 'keeper' | 'mcp' | 'setPlan'> & { till: Till };

/** The ids among these with a saved (fresh) transcript in any track; the key list is read once. */
export async function savedAmong(core: CoreNeeds, ids: readonly string[], lang: string): Promise<Set<string>> {
  const keys = await core.keeper.keys('transcript');
  const videos = new Set(keys.map((k) => k.slice(0, k.lastIndexOf(':'))));
  const saved = new Set<string>();
  for (const id of ids) if (videos.has(id) && (await savedTranscript(core, id, lang, keys))) saved.add(id);
  return saved;
}

/** Ids of the selection with no saved transcript in any track: only these are bought. */
export async function uncachedOf(core: CoreNeeds, ids: string[], lang: string): Promise<string[]> {
  const saved = await savedAmong(core, ids, lang);
  return ids.filter((id) => !saved.has(id));
}
