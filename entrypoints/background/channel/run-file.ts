import type { BulkOutput } from '../../../utils/channel/replies';
import type { TrackFields } from '../../../utils/export/archive';
import { type ArchivePart, partMade } from '../../../utils/export/archive-parts';
import type { SavedTranscript } from '../saved/transcripts';

/** One video's part (archive-parts.ts) with what its name and index.csv row need of its transcript. */
export type MadePart = { track: TrackFields; fetchedAt: number; part: ArchivePart };

/** Runs whose parts one worker holds; the oldest are let go first (their file is built from saved ones then). */
const KEPT_RUNS = 3;

/**
 * The next task: a message to itself, which (unlike a timer chained from a timer, clamped to 4 ms) comes as
 * soon as the tasks already waiting (a storage answer, a window's timer) have run.
 */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

type RunFile = {
  format: BulkOutput;
  /** This making's name: pieces a page holds are used only with the making that gave them (bulk.pieces). */
  epoch: string;
  /** In the order they were made: a piece's index is its place here. */
  parts: Map<string, MadePart>;
  waiting: SavedTranscript[];
  making: Promise<void> | null;
  /** The file is wanted now: its parts are made without waiting for the driver to rest (`wake`). */
  wanted: boolean;
  wake: () => void;
};

/**
 * A run's file made as its batches arrive: each delivered transcript's part (exported, compressed) is made in
 * this worker's memory, one part per task (compressed by the engine, archive-parts.ts partMade) (a storage answer or a window's timer waits for one part at most),
 * so that at the end only names, index.csv and the ZIP's records are left to do. The bulk driver says when it
 * is forming batches (`busy`, right after the first answer: four batches to form and send): parts wait then. Memory only: a worker that was stopped has none
 * of it, and the archive makes the parts it lacks from the saved transcripts (channel/archive.ts), so a
 * resumed run still gives the whole file, only later.
 */
export function createRunFiles() {
  const files = new Map<string, RunFile>();
  let busy = 0;
  let rested: (() => void) | null = null;
  let rest: Promise<void> = Promise.resolve();

  async function make(file: RunFile): Promise<void> {
    for (;;) {
      await nextTask();
      if (!file.wanted && busy > 0) await Promise.race([rest, new Promise<void>((resolve) => (file.wake = resolve))]);
      const t = file.waiting.shift();
      if (!t) break;
      // Made once: a piece given to the page keeps its place and bytes.
      if (file.parts.has(t.videoId)) continue;
      const track = { language: t.language, languageCode: t.languageCode, isGenerated: t.isGenerated };
      try {
        const part = await partMade(file.format, { ...t, id: t.videoId }, t.videoId);
        file.parts.set(t.videoId, { track, fetchedAt: t.fetchedAt, part });
      } catch (error) {
        // The archive makes it from the saved transcript instead.
        console.warn('Transcript Lens: could not prepare a file part', error);
      }
    }
    file.making = null;
  }

  return {
    /** Transcripts this run delivered: their parts are made from the next task on. */
    add(runId: string, format: BulkOutput, saved: readonly SavedTranscript[]): void {
      let file = files.get(runId);
      if (file?.format !== format) {
        const epoch = crypto.randomUUID();
        file = { format, epoch, parts: new Map(), waiting: [], making: null, wanted: false, wake: () => undefined };
        files.set(runId, file);
        for (const old of [...files.keys()].slice(0, Math.max(0, files.size - KEPT_RUNS))) files.delete(old);
      }
      file.waiting.push(...saved);
      file.making ??= make(file);
    },
    /** The driver forms batches until the returned function is called: parts wait meanwhile. */
    busy(): () => void {
      if (busy++ === 0) rest = new Promise<void>((resolve) => (rested = resolve));
      let done = false;
      return () => {
        if (done) return;
        done = true;
        if (--busy === 0) rested?.();
      };
    },
    /** The parts made for the run in this format, the rest made now (empty: none here). */
    async parts(runId: string, format: BulkOutput): Promise<ReadonlyMap<string, MadePart>> {
      const file = files.get(runId);
      if (file?.format !== format) return new Map();
      file.wanted = true;
      file.wake();
      await file.making;
      return file.parts;
    },
    /** The ZIP entries made so far from the `from`-th on, without making more (JSONL has none: its lines are text). */
    pieces(runId: string, format: BulkOutput, from: number): { epoch: string; parts: MadePart[] } | null {
      const file = files.get(runId);
      if (file?.format !== format || format === 'jsonl') return null;
      return { epoch: file.epoch, parts: [...file.parts.values()].slice(from) };
    },
    /** The making's name and its parts' indexes (their order), for a file whose pieces a page holds. */
    making(runId: string, format: BulkOutput): { epoch: string; order: readonly MadePart[] } | null {
      const file = files.get(runId);
      return file?.format === format ? { epoch: file.epoch, order: [...file.parts.values()] } : null;
    },
    /** Parts made so far for the run, without making more. */
    made(runId: string): number {
      return files.get(runId)?.parts.size ?? 0;
    },
    /** The run's file was saved: a later save (another format, again) builds from the saved transcripts. */
    drop(runId: string): void {
      files.delete(runId);
    },
  };
}

export type RunFiles = ReturnType<typeof createRunFiles>;
