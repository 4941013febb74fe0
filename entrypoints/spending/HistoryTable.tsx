import type { JournalEntry } from '../../utils/till/journal';
import { EntryRow } from './EntryRow';

type Props = { entries: readonly JournalEntry[]; titles: Readonly<Record<string, string>> };

/** One row per purchase, newest first, under column headers (a real table: screen readers announce each cell's column). */
export function HistoryTable({ entries, titles }: Props) {
  return (
    <table class="history">
      <caption class="visually-hidden">Purchases, newest first</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">What</th>
          <th scope="col">From</th>
          <th scope="col">Price shown</th>
          <th scope="col">Outcome</th>
          <th scope="col">Balances</th>
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
