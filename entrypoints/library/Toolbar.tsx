import { useRef } from 'preact/hooks';
import { t } from '../../utils/i18n/catalogue';

type Props = {
  shown: number;
  selected: number;
  busy: boolean;
  onSelectAll: (on: boolean) => void;
  onExportNotes: () => void;
  onExportJson: () => void;
  onImport: (file: File) => void;
  onRemove: () => void;
  /** The selection into the bulk view (another format, a search); absent where the bulk flow is not offered. */
  onBulk?: () => void;
};

/** What acts on the selection (or, with nothing selected, on every video shown), and the import. */
export function Toolbar({
  shown,
  selected,
  busy,
  onSelectAll,
  onExportNotes,
  onExportJson,
  onImport,
  onRemove,
  onBulk,
}: Props) {
  const file = useRef<HTMLInputElement>(null);
  return (
    <div class="toolbar" role="toolbar" aria-label={t('library.toolbar.label')}>
      <label class="check">
        <input
          type="checkbox"
          checked={shown > 0 && selected === shown}
          disabled={shown === 0}
          onChange={(e) => onSelectAll(e.currentTarget.checked)}
        />
        {t('library.toolbar.selectAll')}
      </label>
      <span class="muted">
        {selected > 0 ? t('library.toolbar.actsSelected', { n: selected }) : t('library.toolbar.actsAll', { n: shown })}
      </span>
      <button type="button" disabled={busy || shown === 0} onClick={onExportNotes}>
        {t('library.toolbar.exportNotes')}
      </button>
      <button type="button" disabled={busy || shown === 0} onClick={onExportJson}>
        {t('library.toolbar.exportJson')}
      </button>
      {onBulk && (
        <button type="button" disabled={busy || selected === 0} onClick={onBulk}>
          {t('library.toolbar.bulk')}
        </button>
      )}
      <button type="button" disabled={busy || selected === 0} onClick={onRemove}>
        {t('library.toolbar.removeSelected')}
      </button>
      <button type="button" disabled={busy} onClick={() => file.current?.click()}>
        {t('library.toolbar.import')}
      </button>
      <input
        ref={file}
        type="file"
        accept=".json,application/json"
        class="visually-hidden"
        tabIndex={-1}
        aria-label={t('library.toolbar.file')}
        onChange={(e) => {
          const chosen = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (chosen) onImport(chosen);
        }}
      />
    </div>
  );
}
