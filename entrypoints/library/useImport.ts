import { useState } from 'preact/hooks';
import { t } from '../../utils/i18n/catalogue';
import type { LibraryFile } from '../../utils/library/file';
import type { ImportSummary, LibraryList } from '../../utils/library/replies';
import type { PageSend } from '../../utils/protocol/send';
import { importedText } from './import-words';
import { type Outcome, readImport } from './transfer';

export type PendingImport = { name: string; file: LibraryFile; summary: ImportSummary };

type Args = { send: PageSend; run: (work: () => Promise<Outcome>) => Promise<void>; onList: (l: LibraryList) => void };

/**
 * Import in two steps: the file is read, checked and previewed (the background says what it adds and keeps,
 * writing nothing); only the person's "Import" writes it. The background plans again when writing, so
 * anything that changed meanwhile is kept too.
 */
export function useImport({ send, run, onList }: Args) {
  const [pending, setPending] = useState<PendingImport | null>(null);

  const choose = (chosen: File) =>
    run(async () => {
      setPending(null);
      const parsed = await readImport(chosen);
      if (!parsed.ok) return { ok: false, error: { code: 'bad_file', message: parsed.message } };
      const reply = await send({ type: 'library.importPreview', file: parsed.file });
      if (!reply.ok) return reply;
      setPending({ name: chosen.name, file: parsed.file, summary: reply.data });
      return { ok: true, message: '' };
    });

  const confirm = () => {
    const chosen = pending;
    setPending(null);
    if (!chosen) return Promise.resolve();
    return run(async () => {
      const reply = await send({ type: 'library.import', file: chosen.file });
      if (!reply.ok) return reply;
      onList(reply.data.list);
      return { ok: true, message: importedText(reply.data) };
    });
  };

  const cancel = () =>
    run(async () => {
      setPending(null);
      return { ok: true, message: t('library.import.nothing') };
    });

  return { pending, choose, confirm, cancel };
}
