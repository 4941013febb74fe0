import type { OwnPages } from '../../components/page/open-page';
import { t } from '../../utils/i18n/catalogue';
import { Field } from './Field';

/** The extension's other pages: the library and the spending history, each a section with a button. */
export function PageLinks({ openLibrary, openSpending }: OwnPages) {
  return (
    <>
      <Field id="library" title={t('options.library.title')}>
        <p class="hint">{t('options.library.hint')}</p>
        <div class="row">
          <button type="button" onClick={openLibrary}>
            {t('options.library.open')}
          </button>
        </div>
      </Field>
      <Field id="spending" title={t('options.spending.title')}>
        <p class="hint">{t('options.spending.hint')}</p>
        <div class="row">
          <button type="button" onClick={openSpending}>
            {t('options.spending.open')}
          </button>
        </div>
      </Field>
    </>
  );
}
