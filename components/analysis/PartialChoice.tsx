import { t } from '../../utils/i18n/catalogue';

type Props = {
  partial: boolean;
  disabled: boolean;
  onChange: (partial: boolean) => void;
  /** The longest part the plan analyzes, in minutes, when the estimate says. */
  maxMinutes: number | null | undefined;
};

/** For a video too long for the plan: analyze only its first part, up to the plan's length. */
export function PartialChoice({ partial, disabled, onChange, maxMinutes }: Props) {
  return (
    <>
      <label class="tl-check">
        <input
          type="checkbox"
          checked={partial}
          disabled={disabled}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />{' '}
        {t('panel.start.partial')}
      </label>
      {maxMinutes != null && <p class="tl-muted">{t('panel.start.max', { n: maxMinutes })}</p>}
    </>
  );
}
