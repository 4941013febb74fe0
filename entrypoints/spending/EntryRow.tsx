import { t } from '../../utils/i18n/catalogue';
import { balanceLines, kindLabel, outcomeWords, pathLabel, subjectLines, whenText } from '../../utils/till/history';
import type { JournalEntry } from '../../utils/till/journal';
import { priceSentence } from '../../utils/till/price';

type Props = { entry: JournalEntry; titles: Readonly<Record<string, string>> };

/** One purchase: when, what, where from, the price shown, the outcome (an unknown one stands out), the balances. */
export function EntryRow({ entry, titles }: Props) {
  const outcome = outcomeWords(entry);
  const balances = balanceLines(entry.before, entry.after);
  return (
    <tr class={`entry outcome-${outcome.kind}`} data-entry-id={entry.id} data-outcome={outcome.kind}>
      <td>
        <time dateTime={new Date(entry.at).toISOString()}>{whenText(entry.at)}</time>
      </td>
      <td>
        <strong>{kindLabel(entry)}</strong>
        {subjectLines(entry, titles).map((line) => (
          <span key={line} class="line" dir="auto">
            {line}
          </span>
        ))}
      </td>
      <td>{pathLabel(entry.path)}</td>
      <td>{priceSentence(entry.price)}</td>
      <td>
        <strong class="outcome">{outcome.label}</strong>
        {outcome.detail && <span class="line">{outcome.detail}</span>}
        {outcome.retry && <span class="line retry">{outcome.retry}</span>}
      </td>
      <td>
        {balances.length > 0 ? (
          balances.map((line) => (
            <span key={line} class="line">
              {line}
            </span>
          ))
        ) : (
          <span class="muted">{t('spending.notReported')}</span>
        )}
      </td>
    </tr>
  );
}
