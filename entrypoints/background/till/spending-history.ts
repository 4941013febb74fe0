import { tokenHint } from '../../../utils/account/key';
import { readToken } from '../../../utils/account/secrets';
import type { SpendingHistory } from '../../../utils/till/history';
import { isOpenUnknown } from '../../../utils/till/journal';
import type { Core } from '../core/core';
import type { Till } from './index';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'account' | 'cache' | 'keeper'> & { till: Till };

/** What the history needs of the library, a floor above the till (library/library.ts), which hands it in. */
type Titles = { titles(videoIds: Iterable<string>): Promise<Record<string, string>> };

/**
 * The spending history page's data: the current account's journal (the till's, index.ts), newest first, with the
 * titles the library knows of the videos in it. Reading it is free: nothing here reaches the service.
 */
export function createSpendingHistory(core: CoreNeeds, library: Titles) {
  return {
    async history(): Promise<SpendingHistory> {
      const [account, token] = await Promise.all([core.account(), readToken()]);
      if (!account) return { hasAccount: false, tokenHint: null, entries: [], titles: {} };
      const entries = [...(await core.till.history())].sort((a, b) => b.at - a.at);
      const ids = new Set(entries.flatMap((e) => e.subject.ids));
      // A library that cannot be read costs the titles only: the ids stand in for them.
      const titles = await library.titles(ids).catch(() => ({}));
      return { hasAccount: true, tokenHint: tokenHint(token), entries, titles };
    },
    /** Purchases that may have been charged and that nothing settled since (the popup's line). */
    async unknown(): Promise<{ count: number }> {
      if (!(await core.account())) return { count: 0 };
      return { count: (await core.till.history()).filter(isOpenUnknown).length };
    },
  };
}
