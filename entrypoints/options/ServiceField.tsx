import { t } from '../../utils/i18n/catalogue';
import { DEFAULT_SERVICE_URL } from '../../utils/settings';
import { Field } from './Field';

type Props = {
  value: string;
  onInput: (value: string) => void;
  /** The address does not parse or is not allowed. */
  error: string | null;
  /** The browser refused the host permission for it. */
  refused: string | null;
};

/** Where the service lives. Save checks it and asks for host permission when it is not the default. */
export function ServiceField({ value, onInput, error, refused }: Props) {
  const problem = error ?? refused;
  return (
    <Field id="service" title={t('options.service.title')} label={t('options.service.label')}>
      <div class="row">
        <input
          id="service"
          type="url"
          inputMode="url"
          value={value}
          onInput={(event) => onInput(event.currentTarget.value)}
          spellcheck={false}
          dir="ltr"
          aria-invalid={error !== null}
          aria-describedby={problem ? 'service-hint service-error' : 'service-hint'}
        />
        <button type="button" onClick={() => onInput(DEFAULT_SERVICE_URL)} disabled={value === DEFAULT_SERVICE_URL}>
          {t('options.service.reset')}
        </button>
      </div>
      <p id="service-hint" class="hint">
        {t('options.service.hint', { address: DEFAULT_SERVICE_URL })}
      </p>
      {problem && (
        <p id="service-error" class="field-error" role="alert">
          {problem}
        </p>
      )}
    </Field>
  );
}
