import type { OwnPages } from '../../components/page/open-page';
import { t } from '../../utils/i18n/catalogue';

/** The extension's other pages: the library and the spending history, each a section with a button. */
export function PageLinks({ openLibrary, openSpending }: OwnPages) {
  return (
    <>
      <section class="field" aria-labelledby="library-title">
        <h2 id="library-title">{t('options.library.title')}</h2>
        <p class="hint">{t('options.library.hint')}</p>
        <div class="row">
          <button type="button" onClick={openLibrary}>
            {t('options.library.open')}
          </button>
        </div>
      </section>
      <section class="field" aria-labelledby="spending-title">
        <h2 id="spending-title">{t('options.spending.title')}</h2>
        <p class="hint">{t('options.spending.hint')}</p>
        <div class="row">
          <button type="button" onClick={openSpending}>
            {t('options.spending.open')}
          </button>
        </div>
      </section>
    </>
  );
}
