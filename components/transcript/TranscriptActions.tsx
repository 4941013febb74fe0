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

/** Copy, the timestamps choice and the download menu, for the whole transcript or its range. */
export function TranscriptActions({ copyText, onExport, ranged, timestamps }: Props) {
  return (
    <div class="tl-actions">
      <CopyButton text={copyText} {...(ranged ? { label: t('panel.tr.copyRange') } : {})} />
      <label class="tl-check">
        <input
          type="checkbox"
          defaultChecked
          onChange={(event) => {
            timestamps.current = (event.currentTarget as HTMLInputElement).checked;
          }}
        />{' '}
        {t('panel.tr.timestamps')}
      </label>
      <ExportMenu onExport={onExport} {...(ranged ? { label: t('panel.tr.downloadRange') } : {})} />
    </div>
  );
}
