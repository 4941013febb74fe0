import { channelAlias, isChannelId } from '../../../utils/channel/ref';
import type { Core } from '../core/core';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'keeper'>;

/**
 * Which channel id a reference was last resolved to, per account. A listing is held under the channel id
 * the service returned; every form it was reached by (the page's `/c/name` or `/user/name`, the id, a handle
 * the answer names) points to it, so opening the same channel another way finds the listing instead of
 * buying it again.
 */
const aliasKey = (account: string, alias: string) => `channel-alias:${account}:${alias}`;

/** Fields a listing may name the channel's handle or address by (the spec shows none: read if present). */
const NAMED_BY = ['handle', 'customUrl', 'vanityUrl', 'url'];

export function aliasesOf(sent: string, entry: Record<string, unknown> & { id: string; channelId: string }): string[] {
  const named = NAMED_BY.map((field) => entry[field]).filter((v): v is string => typeof v === 'string');
  const all = [sent, entry.id, entry.channelId, ...named].map(channelAlias);
  return [...new Set(all.filter((a): a is string => a !== null))];
}

export async function rememberAliases(core: CoreNeeds, account: string, aliases: string[], channelId: string) {
  for (const alias of aliases) await core.keeper.put('meta', aliasKey(account, alias), channelId);
}

/** The channel id a reference is known by, or null (a `UC…` reference is its own id). */
export async function resolveAlias(core: CoreNeeds, account: string, channel: string): Promise<string | null> {
  const alias = channelAlias(channel);
  if (alias === null) return null;
  const hit = await core.keeper.get<unknown>('meta', aliasKey(account, alias));
  if (typeof hit?.value === 'string') return hit.value;
  return isChannelId(alias) ? alias : null;
}
