import { t } from '../../utils/i18n/catalogue';
import type { ExportProgress } from './export-json';

/** How far an export is, with its Cancel: a library of thousands of videos takes a while to write. */
export function ExportBar({ progress, onCancel }: { progress: ExportProgress; onCancel: () => void }) {
  const { done, total } = progress;
  return (
    <div class="progress muted" role="status" aria-label={t('library.export.label')}>
      <progress max={total} value={done} />
      <span>{t('library.export.progress', { done, total })}</span>
      <button type="button" onClick={onCancel}>
        {t('library.export.cancel')}
      </button>
    </div>
  );
}
