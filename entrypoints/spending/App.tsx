import { useCallback, useEffect, useState } from 'preact/hooks';
import { ErrorAlert } from '../../components/page/ErrorAlert';
import { PageHead } from '../../components/page/PageHead';
import { t } from '../../utils/i18n/catalogue';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { PageSend } from '../../utils/protocol/send';
import type { SpendingHistory } from '../../utils/till/history';
import { isOpenUnknown } from '../../utils/till/journal';
import { spendingCsvBlob, spendingCsvName } from '../../utils/till/spending-csv';
import { HistoryTable } from './HistoryTable';
import { Reconciliation } from './Reconciliation';

type Props = {
  send: PageSend;
  save: (blob: Blob, filename: string) => void;
  now?: () => number;
};

/**
 * The spending history: every paid request of the current token's account, newest first, from the till's journal,
 * with a reconciliation of the balances the service reported against the charges the journal expects, and the
 * whole history as a CSV file. Reading and exporting it are free: nothing here reaches the service.
 */
export function App({ send, save, now = Date.now }: Props) {
  const [history, setHistory] = useState<SpendingHistory | null>(null);
  const [error, setError] = useState<ReplyError | null>(null);
  const [note, setNote] = useState('');

  const load = useCallback(async (): Promise<SpendingHistory | null> => {
    const reply = await send({ type: 'spending.history' });
    if (!reply.ok) {
      setError(reply.error);
      return null;
    }
    setError(null);
    setHistory(reply.data);
    return reply.data;
  }, [send]);

  useEffect(() => {
    void load();
  }, [load]);

  async function exportCsv() {
    setNote('');
    // What is exported is the journal as it is now (a purchase made since the page opened is in it, and shown).
    const fresh = await load();
    if (!fresh) return;
    save(spendingCsvBlob(fresh.entries), spendingCsvName(now()));
    setNote(t('spending.exported', { n: fresh.entries.length }));
  }

  const entries = history?.entries ?? [];
  const open = entries.filter(isOpenUnknown).length;
  return (
    <main class="spending">
      <PageHead
        title={t('spending.title')}
        note={history?.tokenHint ? t('spending.introToken', { hint: history.tokenHint }) : t('spending.intro')}
        link={{ label: t('spending.otherPages'), href: '/library.html', text: t('common.library') }}
      />
      {error && <ErrorAlert error={error} />}
      {history === null && !error && <p class="muted">{t('spending.loading')}</p>}
      {history && !history.hasAccount && <p class="muted">{t('spending.noToken')}</p>}
      {history?.hasAccount && (
        <>
          {open > 0 && <p class="warning">{t('spending.open', { n: open })}</p>}
          <Reconciliation entries={entries} />
          <div class="toolbar">
            <button type="button" onClick={() => void exportCsv()} disabled={entries.length === 0}>
              {t('spending.export')}
            </button>
            <p role="status" class="note">
              {note}
            </p>
          </div>
          {entries.length === 0 ? (
            <p class="muted">{t('spending.nothing')}</p>
          ) : (
            <HistoryTable entries={entries} titles={history.titles} />
          )}
        </>
      )}
    </main>
  );
}
