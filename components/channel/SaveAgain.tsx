import type { BulkOutput } from '../../utils/channel/replies';
import { t } from '../../utils/i18n/catalogue';
import { OutputPicker } from './OutputPicker';

type Props = {
  format: BulkOutput;
  onFormat: (format: BulkOutput) => void;
  /** The run's file was saved already: the button says "again". */
  saved: boolean;
  onSave: () => void;
};

/** After a run: its file saved (again) in a format the person picks. */
export function SaveAgain({ format, onFormat, saved, onSave }: Props) {
  return (
    <div class="tl-load-row">
      <OutputPicker value={format} onChange={onFormat} />
      <button type="button" class="tl-button" onClick={onSave}>
        {saved ? t('channel.bulk.saveAgain') : t('channel.bulk.save')}
      </button>
    </div>
  );
}
