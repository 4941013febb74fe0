import { t } from '../../utils/i18n/catalogue';
import type { JournalEntry } from '../../utils/till/journal';
import { EntryRow } from './EntryRow';

type Props = { entries: readonly JournalEntry[]; titles: Readonly<Record<string, string>> };

/** One row per purchase, newest first, under column headers (a real table: screen readers announce each cell's column). */
export function HistoryTable({ entries, titles }: Props) {
  return (
    <table class="history">
      <caption class="visually-hidden">{t('spending.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('spending.col.when')}</th>
          <th scope="col">{t('spending.col.what')}</th>
          <th scope="col">{t('spending.col.from')}</th>
          <th scope="col">{t('spending.col.price')}</th>
          <th scope="col">{t('spending.col.outcome')}</th>
          <th scope="col">{t('spending.col.balances')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <EntryRow key={e.id} entry={e} titles={titles} />
        ))}
      </tbody>
    </table>
  );
}
