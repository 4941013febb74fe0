import { readAroundAnswer } from '../../../utils/api/read/around';
import { AroundPassage, type AroundQuote, type AroundRead, aroundRange } from '../../../utils/channel/around-replies';
import { t } from '../../../utils/i18n/catalogue';
import type { SenderLike } from '../../../utils/protocol/receive';
import { ConsentError, quotes } from '../consent/quotes';
import { accountStore } from '../core/account-store';
import type { Core } from '../core/core';
import type { Till } from '../till';

/** The shared services this module uses. */
type CoreNeeds = Pick<Core, 'account' | 'keeper'> & { till: Till };

const noCloud = () => t('background.consent.noCloud');
const unreadable = () => t('background.around.unreadable');

/** A part bought once is held, per account, video and range: asking again shows it, free. */
const heldKey = (account: string, videoId: string, from: number, to: number) =>
  `around:${account}:${videoId}:${from}-${to}`;

/**
 * "Read around this moment" in service search results: the part of an unsaved video's transcript around a found
 * moment (a minute each side), bought with MCP get_transcript (1 Cloud Request, spec: Tools) on a quote issued to
 * the tab that shows the price, through the till. A part already bought is shown again for free.
 */
export function createAroundReader(core: CoreNeeds) {
  const where = async (sender: SenderLike, videoId: string) => ({
    tabId: sender.tab?.id ?? null,
    account: await core.account(),
    videoId: `around:${videoId}`,
  });

  async function held(videoId: string, from: number, to: number): Promise<AroundPassage | null> {
    const key = heldKey(await core.account(), videoId, from, to);
    const hit = AroundPassage.safeParse((await core.keeper.get('meta', key))?.value);
    return hit.success ? hit.data : null;
  }

  return {
    /** Free: the part already held, or its price (1 Cloud Request) with a quote for this tab. */
    async quote(sender: SenderLike, m: { videoId: string; at: number }): Promise<AroundQuote> {
      const { from, to } = aroundRange(m.at);
      const passage = await held(m.videoId, from, to);
      if (passage) return { held: passage };
      const balance = (await accountStore.get()).cloudRequests;
      const refusal = (await core.till.rangeRefusal(m.videoId, from, to)) ?? (balance === 0 ? noCloud() : null);
      const quoteId = refusal
        ? null
        : await quotes.issue({ ...(await where(sender, m.videoId)), purchase: { kind: 'range', from, to } });
      return { held: null, from, to, quoteId, cloudRequests: 1, balance, refusal };
    },

    /** Spends 1 Cloud Request, only on this tab's quote of exactly this part; a part held is shown, free. */
    async read(sender: SenderLike, m: { videoId: string; at: number; quoteId: string }): Promise<AroundRead> {
      const { from, to } = aroundRange(m.at);
      const quoted = await quotes.take(m.quoteId, { ...(await where(sender, m.videoId)), kind: 'range' });
      if (quoted.kind !== 'range' || quoted.from !== from || quoted.to !== to) {
        throw new ConsentError(t('background.around.otherPart'));
      }
      const before = await held(m.videoId, from, to);
      if (before) return { passage: before, held: true };
      const account = await core.account();
      const bought = await core.till.buyRange({
        videoId: m.videoId,
        from,
        to,
        delivered: (raw) => readAroundAnswer(raw, m.videoId, { from, to })?.error === null,
        keep: async (raw) => {
          const passage = readAroundAnswer(raw, m.videoId, { from, to });
          // A failure is free to ask again; a passage is held so it is never bought twice.
          if (passage && passage.error === null)
            await core.keeper.put('meta', heldKey(account, m.videoId, from, to), passage);
          return passage;
        },
      });
      if (bought.kept === null) {
        // Another click or tab was buying the same part: what it kept is shown, and nothing is bought twice.
        await core.till.rangeSettled(m.videoId, from, to);
        const theirs = await held(m.videoId, from, to);
        if (theirs) return { passage: theirs, held: true };
        throw new ConsentError(t('background.around.nothingKept'));
      }
      return {
        passage: bought.kept ?? { videoId: m.videoId, from, to, cues: [], text: '', error: unreadable() },
        held: false,
      };
    },
  };
}

export type AroundReader = ReturnType<typeof createAroundReader>;
