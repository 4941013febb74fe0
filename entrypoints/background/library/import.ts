import type { Cache } from '../../../utils/cache';
import { t } from '../../../utils/i18n/catalogue';
import { jobStore } from '../../../utils/jobs-store';
import type { LibraryFile } from '../../../utils/library/file';
import type { ImportSummary } from '../../../utils/library-replies';
import { Refusal } from '../replies';
import { planImport } from './import-plan';

/** What importing the file would add and keep; nothing is written. */
export async function previewImport(cache: Cache, account: string, file: LibraryFile): Promise<ImportSummary> {
  return (await planImport(cache, account, file)).summary;
}

/**
 * Writes what a validated library file adds, all or nothing: every cache entry in one transaction, then the
 * job records in one write; if that second write fails, the entries are put back as they were. The plan is
 * made again here (not taken from the preview), so what changed meanwhile is kept too.
 */
export async function importFile(cache: Cache, account: string, file: LibraryFile): Promise<ImportSummary> {
  const { writes, jobs, summary } = await planImport(cache, account, file);
  const before = await Promise.all(
    writes.map(async (w) => ({ ...w, value: (await cache.peek(w.kind, w.key))?.value })),
  );
  try {
    await cache.putAll(writes);
  } catch (error) {
    if (error instanceof RangeError) {
      throw new Refusal('too_large', t('background.library.tooLarge'));
    }
    throw new Refusal('storage', t('background.library.storageRefused'));
  }
  try {
    await jobStore.putAll(jobs);
  } catch {
    await cache.deleteAll(before.filter((b) => b.value === undefined));
    await cache.putAll(before.filter((b) => b.value !== undefined)).catch(() => undefined);
    throw new Refusal('storage', t('background.library.storageRefused'));
  }
  return summary;
}
