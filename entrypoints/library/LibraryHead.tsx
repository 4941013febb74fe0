import type { RefObject } from 'preact';
import { PageHead } from '../../components/page/PageHead';
import { t } from '../../utils/i18n/catalogue';
import { sizeText } from './words';

type Props = {
  /** How many videos and bytes the library holds; null while its list is read. */
  held: { n: number; bytes: number } | null;
  searchBox: RefObject<HTMLInputElement>;
  query: string;
  onQuery: (query: string) => void;
};

/** The page's heading with what the library holds, the link to spending, and the search box. */
export function LibraryHead({ held, searchBox, query, onQuery }: Props) {
  return (
    <>
      <PageHead
        title={t('common.library')}
        note={held ? t('library.head.held', { n: held.n, size: sizeText(held.bytes) }) : t('library.head.loading')}
        link={{ label: t('library.nav.label'), href: '/spending.html', text: t('library.nav.spending') }}
      />
      <search class="search">
        <input
          ref={searchBox}
          type="search"
          aria-label={t('library.search.label')}
          placeholder={t('library.search.hint')}
          value={query}
          onInput={(e) => onQuery(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Escape' && onQuery('')}
        />
      </search>
    </>
  );
}
