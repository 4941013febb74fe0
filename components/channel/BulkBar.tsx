import { useRef, useState } from 'preact/hooks';
import { isListRef } from '../../utils/channel/playlist-ref';
import type { BulkOutput, BulkQuote, BulkStatus, UploadRow } from '../../utils/channel/replies';
import { t } from '../../utils/i18n/catalogue';
import type { Listen } from '../../utils/protocol/broadcasts';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { Send } from '../../utils/protocol/send';
import { isPersonAct } from '../consent';
import { type Settled, useConsentWindow, WindowNote } from '../consent-window';
import { ErrorAlert } from '../page/ErrorAlert';
import { BulkQuoteForm } from './BulkQuoteForm';
import { RunProgress } from './RunProgress';
import { SaveAgain } from './SaveAgain';
import { askAndSave } from './save-archive';
import { useBulkRun } from './useBulkRun';
import { useHeldPieces } from './useHeldPieces';

type Props = {
  channel: string;
  send: Send;
  /** The background's pushes: a run's end is heard at once (else at the next poll). */
  listen?: Listen | undefined;
  selection: UploadRow[];
  /** The channel's listed uploads: a run names its videos by their titles. */
  uploads?: readonly UploadRow[];
};

/**
 * Transcripts of the selection: the price first (free), then the purchase is confirmed in the extension's window
 * (up to 500 Cloud Requests: never in the page), then a run the person can watch.
 */
export function BulkBar({ channel, send, listen, selection, uploads }: Props) {
  const [quote, setQuote] = useState<BulkQuote | null>(null);
  const [format, setFormat] = useState<BulkOutput>('srt');
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<ReplyError | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const ids = selection.map((u) => u.id);

  /** Free: the file is built from saved transcripts (a run's own selection and failures when there is one). */
  async function save(run: BulkStatus | null, output: BulkOutput) {
    const scope = run ? { runId: run.runId } : { ids };
    // A playlist or pasted list has no held listing: the file names its videos by the titles shown here.
    const titles = isListRef(channel) && uploads ? Object.fromEntries(uploads.map((u) => [u.id, u.title])) : null;
    const asked = { type: 'bulk.archive', channel, format: output, ...scope, ...(titles && { titles }) } as const;
    // The run's pieces this page held as the run went (useHeldPieces) do not cross again.
    const refused = box.current && (await askAndSave(send, asked, pieces.take(run?.runId, output), box.current));
    if (refused) return setError(refused);
    setSaved(true);
  }

  // The file is saved once, when a run this panel saw running ends, in the format chosen for it.
  const { run, follow } = useBulkRun(channel, send, (ended) => void save(ended, ended.format), listen);
  const pieces = useHeldPieces(send, run);

  async function price() {
    setError(null);
    const reply = await send({ type: 'bulk.quote', channel, ids });
    if (reply.ok) setQuote(reply.data);
    else setError(reply.error);
  }

  async function started(result: BulkStatus | null) {
    setQuote(null);
    setSaved(false);
    // A restarted worker no longer holds the result: the channel's newest run is the one just started.
    const run = result ?? (await send({ type: 'bulk.current', channel }).then((r) => (r.ok ? r.data : null)));
    if (run) follow(run);
  }

  const consent = useConsentWindow(send, (settled: Settled) => {
    if (settled.state === 'done') void started(settled.result?.kind === 'bulk' ? settled.result.run : null);
    if (settled.state === 'failed') {
      setQuote(null); // its quote was used up
      setError(settled.error);
    }
  });

  function confirmInWindow() {
    if (!quote) return;
    setError(null);
    void consent.open({ kind: 'bulk', channel, ids, quoteId: quote.quoteId, format });
  }

  // A cancelled or stopped run is still settling while the batches it sent come back.
  const running = run !== null && (run.state === 'running' || run.inFlight > 0);
  const alert = error ?? consent.error;
  return (
    <div class="tl-bulk" ref={box}>
      {!quote && !running && (
        <button
          type="button"
          class="tl-button tl-primary"
          disabled={ids.length === 0}
          onClick={(e) => {
            if (isPersonAct(e)) void price();
          }}
        >
          {t('channel.bulk.download')}
        </button>
      )}
      {quote && (
        <BulkQuoteForm
          quote={quote}
          format={format}
          onFormat={setFormat}
          onAccept={(e) => {
            if (!isPersonAct(e)) return;
            if (quote.uncached === 0) {
              setQuote(null);
              void save(null, format);
            } else confirmInWindow();
          }}
          onBack={() => setQuote(null)}
        />
      )}
      <WindowNote phase={consent.phase} />
      {run && (
        <RunProgress
          run={run}
          uploads={uploads}
          onCancel={() => void send({ type: 'bulk.cancel', runId: run.runId })}
        />
      )}
      {run && !running && !quote && (
        <SaveAgain format={format} onFormat={setFormat} saved={saved} onSave={() => void save(run, format)} />
      )}
      {alert && <ErrorAlert error={alert} />}
    </div>
  );
}
