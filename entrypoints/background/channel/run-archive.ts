import type { BulkRun } from '../../../utils/bulk/run';
import type { BulkArchive, BulkOutput, BulkPieces } from '../../../utils/channel/replies';
import { joined } from '../../../utils/export/archive';
import { t } from '../../../utils/i18n/catalogue';
import type { SenderLike } from '../../../utils/protocol/receive';
import { Refusal } from '../core/replies';
import { archiveOf, type MadeFile, sendable, toBase64 } from './archive';
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
    /** The run's pieces the page holds (bulk.pieces): the first `count` of that making. */
    held?: { epoch: string; count: number };
  };
  /** A file made for a run, and which of its chunks are the run's pieces (by their index in the making). */
  type Made = { file: MadeFile; epoch: string | null; pieceOf: Map<Uint8Array, number> };
  /** The file of a run that just ended, put together before its page asks for it (it asks in its own format). */
  const prepared = new Map<string, { channel: string; format: BulkOutput; archive: Promise<Made> }>();
  bulk.onEnded((run) => {
    const archive = build({ channel: run.channel, format: run.format, runId: run.runId }, run);
    archive.catch(() => undefined);
    prepared.set(run.runId, { channel: run.channel, format: run.format, archive });
    // Nobody asked (no page open): the memory is let go; a later save builds it again.
    setTimeout(() => prepared.delete(run.runId), PREPARED_MS);
  });

  /** `ended`: the run as its end recorded it, not read again (two reads behind the last answers' writes). */
  async function build(args: ArchiveArgs, ended?: BulkRun): Promise<Made> {
    const runId = ended?.runId ?? args.runId;
    // The parts made as the run's batches arrived, when it is the run's own format (else none: made now); its last
    // ones are made while the run and the listing are read (at a run's end the two waits came one after the other).
    const [run, listing, made] = await Promise.all([
      ended ?? (args.runId ? bulk.run(args.runId) : null),
      boughtListingOf(core, args.channel),
      runId ? bulk.parts(runId, args.format) : undefined,
    ]);
    if (args.runId && !run) throw new Refusal('no_run', noRun());
    const ids = run?.selection ?? args.ids ?? [];
    const listed = new Map(listing?.uploads.map((u) => [u.id, { ...u, published: u.published ?? null }]));
    // A playlist's titles are the page's: only a name in the file, never a reason to buy anything.
    const titled = (id: string) => (args.titles && Object.hasOwn(args.titles, id) ? args.titles[id] : undefined);
    const uploads = ids.map((id) => listed.get(id) ?? { id, title: titled(id)?.trim() || id, published: null });
    const failed = new Map(run?.failed.map((f) => [f.id, f.message]));
    const making = run ? bulk.making(run.runId, args.format) : null;
    const lang = run?.lang;
    const file = await archiveOf(core, { channel: args.channel, uploads, format: args.format, lang }, failed, made);
    const pieceOf = new Map<Uint8Array, number>();
    making?.order.forEach((made, i) => {
      if (made.part.kind === 'zip') pieceOf.set(made.part.data, i);
    });
    return { file, epoch: making?.epoch ?? null, pieceOf };
  }

  /** The file without the pieces the page holds: those of the same making, before its count. */
  function answer({ file, epoch, pieceOf }: Made, held: ArchiveArgs['held']): BulkArchive {
    if (!held || held.epoch !== epoch || held.count === 0) return sendable(file);
    return sendable(file, new Map([...pieceOf].filter(([, i]) => i < held.count)));
  }

  /** The prepared file when it is the one asked for (the run's own channel and format, no page titles). */
  async function preparedFor(args: ArchiveArgs): Promise<Made | null> {
    const ready = args.runId && !args.titles ? prepared.get(args.runId) : undefined;
    if (!ready || ready.channel !== args.channel || ready.format !== args.format) return null;
    prepared.delete(args.runId ?? '');
    return ready.archive.catch(() => null);
  }

  return {
    /** Free: the ZIP (or JSONL) of a run's selection, or of these ids, from saved transcripts. */
    async archive(args: ArchiveArgs, sender: SenderLike): Promise<BulkArchive> {
      const archive = answer((await preparedFor(args)) ?? (await build(args)), args.held);
      // Built from the pinned deliveries: from now on they may make room like any saved transcript. Not awaited:
      // the file goes to the page meanwhile (a failure only leaves them pinned until the next save).
      if (args.runId) void bulk.fileSaved(args.runId, sender.tab?.id ?? null).catch(() => undefined);
      return archive;
    },
    /** Free: the run's ZIP entries made since the `from`-th (its page holds them until it asks for the file). */
    async pieces(runId: string, format: BulkOutput, from: number): Promise<BulkPieces | null> {
      const pieces = bulk.pieces(runId, format, from);
      if (!pieces || pieces.parts.length === 0) return pieces && { epoch: pieces.epoch, from, base64: '', sizes: [] };
      const data = pieces.parts.flatMap((p) => (p.part.kind === 'zip' ? [p.part.data] : []));
      return { epoch: pieces.epoch, from, base64: toBase64(joined(data)), sizes: data.map((d) => d.length) };
    },
  };
}
