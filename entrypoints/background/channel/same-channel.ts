import type { ChannelsListed } from '../../../utils/channel/replies';
import { t } from '../../../utils/i18n/catalogue';
import type { Core } from '../core/core';
import { resolveAlias } from './aliases';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'keeper'>;

type Row = ChannelsListed['channels'][number];

/**
 * A pasted list split by whether each channel's id is known. Only a listing resolves a handle (or a `/c/` name)
 * to its channel id, so `@handle` and `UC…` of one channel sent together would both be bought: the unresolved
 * are listed first, and a `UC…` they turned out to be is then held, not bought again.
 */
export async function unresolvedFirst(
  core: CoreNeeds,
  account: string,
  channels: readonly string[],
): Promise<{ first: string[]; then: string[] }> {
  const first: string[] = [];
  const then: string[] = [];
  for (const c of channels) ((await resolveAlias(core, account, c)) === null ? first : then).push(c);
  return { first, then };
}

/**
 * One row per channel: a later form of a channel an earlier row listed (or held) is folded into that row, which
 * says the other forms it was pasted as (and says listed when any form was listed now).
 */
export async function oncePerChannel(core: CoreNeeds, account: string, rows: readonly Row[]): Promise<Row[]> {
  const byId = new Map<string, { row: Row; also: string[] }>();
  const out: { row: Row; also: string[] }[] = [];
  for (const row of rows) {
    const id =
      row.outcome === 'listed' || row.outcome === 'held' ? await resolveAlias(core, account, row.channel) : null;
    const earlier = id === null ? undefined : byId.get(id);
    if (earlier) {
      earlier.also.push(row.channel);
      // Listed by this run under another form: the row says listed, not held from before.
      if (row.outcome === 'listed') earlier.row = { ...earlier.row, outcome: 'listed', title: row.title };
      continue;
    }
    const one = { row, also: [] as string[] };
    out.push(one);
    if (id !== null) byId.set(id, one);
  }
  return out.map(({ row, also }) =>
    also.length === 0 ? row : { ...row, message: t('background.channels.alsoPastedAs', { names: also.join(', ') }) },
  );
}
