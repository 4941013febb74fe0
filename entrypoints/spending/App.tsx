import { useCallback, useEffect, useState } from 'preact/hooks';
import { ErrorAlert } from '../../components/page/ErrorAlert';
import { plural } from '../../components/page/format';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { PageSend } from '../../utils/protocol/send';
import type { SpendingHistory } from '../../utils/till/history';
import { isOpenUnknown } from '../../utils/till/journal';
import { spendingCsv, spendingCsvName } from '../../utils/till/spending-csv';
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
    save(new Blob([spendingCsv(fresh.entries)], { type: 'text/csv;charset=utf-8' }), spendingCsvName(now()));
    setNote(`Saved ${plural(fresh.entries.length, 'purchase')} as CSV.`);
  }

  const entries = history?.entries ?? [];
  const open = entries.filter(isOpenUnknown).length;
  return (
    <main class="spending">
      <header class="spending-head">
        <h1>Spending</h1>
        <p class="muted">
          {history?.tokenHint
            ? `What the token ending in ${history.tokenHint} bought through Transcript Lens, newest first. `
            : ''}
          Reading and exporting this history are free.
        </p>
        <nav class="links" aria-label="Other pages">
          <a href="/library.html">Library</a>
        </nav>
      </header>
      {error && <ErrorAlert error={error} />}
      {history === null && !error && <p class="muted">Loading…</p>}
      {history && !history.hasAccount && (
        <p class="muted">
          No API token is saved. Purchases are listed here for the token in use; add one in the options.
        </p>
      )}
      {history?.hasAccount && (
        <>
          {open > 0 && (
            <p class="warning">
              {`${plural(open, 'purchase')} may have been charged without the answer arriving. Transcript Lens sends none of them again by itself; each row below says what trying again costs.`}
            </p>
          )}
          <Reconciliation entries={entries} />
          <div class="toolbar">
            <button type="button" onClick={() => void exportCsv()} disabled={entries.length === 0}>
              Export CSV
            </button>
            <p role="status" class="note">
              {note}
            </p>
          </div>
          {entries.length === 0 ? (
            <p class="muted">Nothing has been bought with this token through Transcript Lens yet.</p>
          ) : (
            <HistoryTable entries={entries} titles={history.titles} />
          )}
        </>
      )}
    </main>
  );
}
