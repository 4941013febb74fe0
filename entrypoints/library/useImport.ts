import { useState } from 'preact/hooks';
import { t } from '../../utils/i18n/catalogue';
import type { ImportSummary, LibraryList } from '../../utils/library/replies';
import type { PageSend } from '../../utils/protocol/send';
import { importedText } from './import-words';
import type { InParts } from './parts';
import type { Outcome } from './transfer';

/** A file previewed: the file itself (read again on "Import", never held as text) and what it would do. */
export type PendingImport = { name: string; file: Blob; summary: ImportSummary };

type Work = (how: InParts) => Promise<Outcome>;
type Args = {
  send: PageSend;
  run: (work: () => Promise<Outcome>) => Promise<void>;
  /** Runs work done a part at a time, with its progress and Cancel shown (useInParts.ts). */
  inParts: (work: Work) => Promise<void>;
  onList: (l: LibraryList) => void;
};

const nothing = (): Outcome => ({ ok: true, message: t('library.import.nothing') });
/** The file's reading and its checks (zod's schema of the library file) load on the first import, not with the page. */
const reading = async () => {
  const [{ importInParts }, { sizeProblem }] = await Promise.all([
    import('./import-parts'),
    import('../../utils/library/file'),
  ]);
  return { importInParts, sizeProblem };
};

/**
 * Import in two steps: the file is read as a stream, checked and previewed (the background says what it adds
 * and keeps, writing nothing); only the person's "Import" reads it again and writes it. Both go to the
 * background a part at a time (import-parts.ts), so neither the page nor the background holds the whole file;
 * the background plans again when writing, so anything that changed meanwhile is kept too.
 */
export function useImport({ send, run, inParts, onList }: Args) {
  const [pending, setPending] = useState<PendingImport | null>(null);

  const choose = (chosen: File) =>
    inParts(async (how) => {
      setPending(null);
      const { importInParts, sizeProblem } = await reading();
      const empty = sizeProblem(chosen.size);
      if (empty) return { ok: false, error: { code: 'bad_file', message: empty } };
      const reply = await importInParts(send, chosen, false, how);
      if (!reply.ok) return reply;
      if (reply.data.cancelled) return nothing();
      setPending({ name: chosen.name, file: chosen, summary: reply.data.summary });
      return { ok: true, message: '' };
    });

  const confirm = () => {
    const chosen = pending;
    setPending(null);
    if (!chosen) return Promise.resolve();
    return inParts(async (how) => {
      const { importInParts } = await reading();
      const reply = await importInParts(send, chosen.file, true, how, chosen.summary.videos);
      if (!reply.ok) return reply;
      const { summary, list, cancelled } = reply.data;
      if (list) onList(list);
      const done = importedText(summary);
      return { ok: true, message: cancelled ? `${done} ${t('library.import.stopped')}` : done };
    });
  };

  const cancel = () =>
    run(async () => {
      setPending(null);
      return nothing();
    });

  return { pending, choose, confirm, cancel };
}
