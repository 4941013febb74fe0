import type { BulkOutput } from '../../utils/channel/replies';
import { t } from '../../utils/i18n/catalogue';
import { OUTPUTS } from './formats';

/** Which file the run's transcripts are saved as. */
export function OutputPicker({ value, onChange }: { value: BulkOutput; onChange: (next: BulkOutput) => void }) {
  return (
    <label>
      {t('channel.bulk.format')}{' '}
      <select
        value={value}
        onChange={(e) => {
          const picked = OUTPUTS.find(([output]) => output === e.currentTarget.value);
          if (picked) onChange(picked[0]);
        }}
      >
        {OUTPUTS.map(([output, label]) => (
          <option key={output} value={output}>
            {label ?? t('channel.bulk.jsonl')}
          </option>
        ))}
      </select>
    </label>
  );
}
