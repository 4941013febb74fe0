import type { ExportFormat } from '../../utils/export';
import { t } from '../../utils/i18n/catalogue';
import { CopyButton } from './CopyButton';
import { ExportMenu } from './ExportMenu';

type Props = {
  /** The text copied: the whole transcript or the range chosen. */
  copyText: () => string;
  onExport: (format: ExportFormat) => void;
  /** A range is chosen: the buttons say so. */
  ranged: boolean;
  /** Whether copies and files carry timestamps (read when they are made, so a ref, not state). */
  timestamps: { current: boolean };
};

/**
 * Copy, the download menu and the timestamps choice, for the whole transcript or its range: one row (grid columns,
 * so nothing wraps at the panel's 400 px; a long label shortens), a refused copy's alert on its own line.
 */
export function TranscriptActions({ copyText, onExport, ranged, timestamps }: Props) {
  return (
    <div class="tl-actions">
      <CopyButton text={copyText} {...(ranged ? { label: t('panel.tr.copyRange') } : {})} />
      <ExportMenu onExport={onExport} {...(ranged ? { label: t('panel.tr.downloadRange') } : {})} />
      <label class="tl-check tl-stamps">
        <input
          type="checkbox"
          defaultChecked
          onChange={(event) => {
            timestamps.current = (event.currentTarget as HTMLInputElement).checked;
          }}
        />
        <span class="tl-label">{t('panel.tr.timestamps')}</span>
      </label>
    </div>
  );
}
