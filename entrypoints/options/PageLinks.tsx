import type { OwnPages } from '../../components/page/open-page';
import { t } from '../../utils/i18n/catalogue';
import { Field } from './Field';

/** Each page, its words under `options.<page>.*` (title, hint, open), and the link that opens it. */
const PAGES = [
  { page: 'library', open: 'openLibrary' },
  { page: 'spending', open: 'openSpending' },
] as const satisfies ReadonlyArray<{ page: string; open: keyof OwnPages }>;

/** The extension's other pages: the library and the spending history, each a section with a button. */
export function PageLinks(pages: OwnPages) {
  return (
    <>
      {PAGES.map(({ page, open }) => (
        <Field key={page} id={page} title={t(`options.${page}.title`)}>
          <p class="hint">{t(`options.${page}.hint`)}</p>
          <div class="row">
            <button type="button" onClick={pages[open]}>
              {t(`options.${page}.open`)}
            </button>
          </div>
        </Field>
      ))}
    </>
  );
}
