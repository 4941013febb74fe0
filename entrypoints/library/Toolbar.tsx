import { useRef } from 'preact/hooks';
import { plural } from '../../components/page/format';

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
  const target = selected > 0 ? `${plural(selected, 'selected video')}` : `all ${plural(shown, 'video')} shown`;
  return (
    <div class="toolbar" role="toolbar" aria-label="Library actions">
      <label class="check">
        <input
          type="checkbox"
          checked={shown > 0 && selected === shown}
          disabled={shown === 0}
          onChange={(e) => onSelectAll(e.currentTarget.checked)}
        />
        Select all shown
      </label>
      <span class="muted">Acts on {target}:</span>
      <button type="button" disabled={busy || shown === 0} onClick={onExportNotes}>
        Export notes
      </button>
      <button type="button" disabled={busy || shown === 0} onClick={onExportJson}>
        Export JSON
      </button>
      {onBulk && (
        <button type="button" disabled={busy || selected === 0} onClick={onBulk}>
          Download or search selected
        </button>
      )}
      <button type="button" disabled={busy || selected === 0} onClick={onRemove}>
        Remove selected
      </button>
      <button type="button" disabled={busy} onClick={() => file.current?.click()}>
        Import
      </button>
      <input
        ref={file}
        type="file"
        accept=".json,application/json"
        class="visually-hidden"
        tabIndex={-1}
        aria-label="Library file to import"
        onChange={(e) => {
          const chosen = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (chosen) onImport(chosen);
        }}
      />
    </div>
  );
}
