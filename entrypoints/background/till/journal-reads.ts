import { isOpenUnknown, type JournalEntry, type SpendKind, unknownTranscripts } from '../../../utils/till/journal';
import type { TillParts } from './context';

/** What the journal says of the current account's purchases (free: nothing here reaches the service). */
export function createJournalReads({ core, journal, ready }: TillParts) {
  return {
    /** Videos whose transcript may have been charged without reaching us (no automatic path buys them). */
    async unknownTranscripts(): Promise<Set<string>> {
      const account = await core.account();
      await ready(account);
      return unknownTranscripts(await journal.list(account));
    },
    /** The open unknown entries of one bulk run (a run resumed after a restart sets their videos aside). */
    async unknownOfRun(runId: string): Promise<string[]> {
      const account = await core.account();
      await ready(account);
      const entries = await journal.list(account);
      return entries
        .filter((e) => e.subject.runId === runId && e.outcome?.state === 'unknown' && e.resolvedAt === null)
        .flatMap((e) => e.subject.ids);
    },
    history: async () => {
      const account = await core.account();
      await ready(account);
      return journal.list(account);
    },
    /**
     * Purchases of this kind that may have been charged without their answer arriving, unsettled (a stopped
     * worker's included): each view that offers the same purchase again says so, with the price.
     */
    async openUnknown(kind: SpendKind): Promise<JournalEntry[]> {
      const account = await core.account();
      await ready(account);
      return (await journal.list(account)).filter((e) => e.kind === kind && isOpenUnknown(e));
    },
  };
}
