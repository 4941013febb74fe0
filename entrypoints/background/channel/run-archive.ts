import type { BulkArchive, BulkOutput } from '../../../utils/channel/replies';
import { t } from '../../../utils/i18n/catalogue';
import type { SenderLike } from '../../../utils/protocol/receive';
import { Refusal } from '../core/replies';
import { archiveOf } from './archive';
import type { Bulk } from './bulk';
import { boughtListingOf } from './channels';

/** The shared services this module uses. */
type CoreNeeds = Parameters<typeof archiveOf>[0] & Parameters<typeof boughtListingOf>[0];

/** How long a file put together at a run's end waits for its page to ask for it. */
const PREPARED_MS = 60_000;

const noRun = () => t('background.bulk.noRun');

/**
 * The files of runs and selections: a run's file is put together as it ends (its page asks for it moments
 * later); any other is built when asked, from the parts made as the run's batches arrived and the saved transcripts.
 */
export function createRunArchives(core: CoreNeeds, bulk: Bulk) {
  type ArchiveArgs = {
    channel: string;
    ids?: string[];
    titles?: Record<string, string>;
    format: BulkOutput;
    runId?: string;
  };
  /** The file of a run that just ended, put together before its page asks for it (it asks in its own format). */
  const prepared = new Map<string, { channel: string; format: BulkOutput; archive: Promise<BulkArchive> }>();
  bulk.onEnded((run) => {
    const archive = build({ channel: run.channel, format: run.format, runId: run.runId });
    archive.catch(() => undefined);
    prepared.set(run.runId, { channel: run.channel, format: run.format, archive });
    // Nobody asked (no page open): the memory is let go; a later save builds it again.
    setTimeout(() => prepared.delete(run.runId), PREPARED_MS);
  });

  async function build(args: ArchiveArgs): Promise<BulkArchive> {
    const run = args.runId ? await bulk.run(args.runId) : null;
    if (args.runId && !run) throw new Refusal('no_run', noRun());
    const ids = run?.selection ?? args.ids ?? [];
    const listed = new Map(
      (await boughtListingOf(core, args.channel))?.uploads.map((u) => [u.id, { ...u, published: u.published ?? null }]),
    );
    // A playlist's titles are the page's: only a name in the file, never a reason to buy anything.
    const titled = (id: string) => (args.titles && Object.hasOwn(args.titles, id) ? args.titles[id] : undefined);
    const uploads = ids.map((id) => listed.get(id) ?? { id, title: titled(id)?.trim() || id, published: null });
    const failed = new Map(run?.failed.map((f) => [f.id, f.message]));
    // The parts made as the run's batches arrived, when it is the run's own format (else none: made now).
    const made = run ? await bulk.parts(run.runId, args.format) : undefined;
    return archiveOf(core, { channel: args.channel, uploads, format: args.format, lang: run?.lang }, failed, made);
  }

  /** The prepared file when it is the one asked for (the run's own channel and format, no page titles). */
  async function preparedFor(args: ArchiveArgs): Promise<BulkArchive | null> {
    const ready = args.runId && !args.titles ? prepared.get(args.runId) : undefined;
    if (!ready || ready.channel !== args.channel || ready.format !== args.format) return null;
    prepared.delete(args.runId ?? '');
    return ready.archive.catch(() => null);
  }

  return {
    /** Free: the ZIP (or JSONL) of a run's selection, or of these ids, from saved transcripts. */
    async archive(args: ArchiveArgs, sender: SenderLike): Promise<BulkArchive> {
      const archive = (await preparedFor(args)) ?? (await build(args));
      // Built from the pinned deliveries: from now on they may make room like any saved transcript. Not awaited:
      // the file goes to the page meanwhile (a failure only leaves them pinned until the next save).
      if (args.runId) void bulk.fileSaved(args.runId, sender.tab?.id ?? null).catch(() => undefined);
      return archive;
    },
  };
}
