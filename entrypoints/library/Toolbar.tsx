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
  // The buttons that act on videos, in order: each waits while busy and for videos (shown, or selected) to act on.
  const acts = [
    { word: 'exportNotes', act: onExportNotes, on: shown },
    { word: 'exportJson', act: onExportJson, on: shown },
    { word: 'bulk', act: onBulk, on: selected },
    { word: 'removeSelected', act: onRemove, on: selected },
  ] as const;
  return (
    <div class="toolbar" role="toolbar" aria-label={t('library.toolbar.label')}>
      <label class="check">
        <input
          type="checkbox"
          checked={shown > 0 && selected === shown}
          // While busy (a first screen of the list, a read, a transfer), "all shown" is not yet all there is.
          disabled={shown === 0 || busy}
          onChange={(e) => onSelectAll(e.currentTarget.checked)}
        />
        {t('library.toolbar.selectAll')}
      </label>
      <span class="muted">
        {selected > 0 ? t('library.toolbar.actsSelected', { n: selected }) : t('library.toolbar.actsAll', { n: shown })}
      </span>
      {acts.map(
        ({ word, act, on }) =>
          act && (
            <button key={word} type="button" disabled={busy || on === 0} onClick={act}>
              {t(`library.toolbar.${word}`)}
            </button>
          ),
      )}
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
