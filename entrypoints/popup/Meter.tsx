import { t } from '../../utils/i18n/catalogue';

type Props = { label: string; value: number; max: number };

/**
 * What is left of a monthly allowance. Top-ups can exceed the allowance: the bar is then full.
 * low/high/optimum let the browser colour it (green, then amber under a quarter, red under a tenth).
 */
export function Meter({ label, value, max }: Props) {
  return (
    <meter
      class="meter"
      aria-label={label}
      aria-valuetext={t('popup.balance.meter', { value, max })}
      min={0}
      max={max}
      low={max * 0.1}
      high={max * 0.25}
      optimum={max}
      value={Math.min(Math.max(0, value), max)}
    />
  );
}
