import { useMemo } from 'preact/hooks';
import { t } from '../../utils/i18n/catalogue';
import { type JournalEntry, reconcile } from '../../utils/till/journal';
import { reconciliationLines } from '../../utils/till/reconcile-text';

/**
 * The balance change the service reported against the charges the journal expects, per currency. A difference
 * is flagged in words for the person to read (a top-up or a new month is one too); nothing acts on it.
 */
export function Reconciliation({ entries }: { entries: readonly JournalEntry[] }) {
  const lines = useMemo(() => reconciliationLines(reconcile(entries)), [entries]);
  if (entries.length === 0) return null;
  return (
    <section class="reconcile" aria-labelledby="reconcile-title">
      <h2 id="reconcile-title">{t('spending.reconcile.title')}</h2>
      {lines.map((line) => (
        <p key={line.currency} class={line.differs ? 'differs' : undefined} data-currency={line.currency}>
          {line.differs && <strong class="flag">{t('spending.reconcile.differs')}</strong>}
          {line.differs && ' '}
          {line.text}
        </p>
      ))}
    </section>
  );
}
