import { useEffect, useRef, useState } from 'preact/hooks';
import type { BulkQuote, BulkStatus, UploadRow } from '../../utils/channel-views';
import type { ExportFormat } from '../../utils/export';
import type { ReplyError } from '../../utils/protocol/messages';
import type { Send } from '../../utils/protocol/send';
import { isPersonAct } from '../consent';
import { useLatest } from '../hooks/useLatest';
import { ErrorAlert } from '../page/ErrorAlert';
import { count, plural } from '../page/format';
import { saveArchive } from './save-archive';

type Props = { channel: string; send: Send; selection: UploadRow[] };
const FORMATS: [ExportFormat, string][] = [
  ['txt', 'TXT'],
  ['srt', 'SRT'],
  ['vtt', 'VTT'],
  ['markdown', 'Markdown'],
  ['json', 'JSON'],
];
const POLL_MS = 700;

/** Transcripts of the selection: the price first (free), a consent step, then a run the person can watch. */
export function BulkBar({ channel, send, selection }: Props) {
  const [quote, setQuote] = useState<BulkQuote | null>(null);
  const [run, setRun] = useState<BulkStatus | null>(null);
  const [format, setFormat] = useState<ExportFormat>('srt');
  const [error, setError] = useState<ReplyError | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const ids = selection.map((u) => u.id);

  async function price() {
    setError(null);
    const reply = await send({ type: 'bulk.quote', channel, ids });
    if (reply.ok) setQuote(reply.data);
    else setError(reply.error);
  }

  async function save(status: BulkStatus | null) {
    const runId = status?.runId;
    const reply = await send({ type: 'bulk.archive', channel, ids, format, ...(runId && { runId }) });
    if (!reply.ok) return setError(reply.error);
    if (box.current) saveArchive(reply.data, box.current);
  }

  async function start() {
    if (!quote) return;
    setError(null);
    const reply = await send({ type: 'bulk.start', channel, ids, quoteId: quote.quoteId });
    setQuote(null);
    if (reply.ok) setRun(reply.data);
    else setError(reply.error);
  }

  const runId = run?.state === 'running' ? run.runId : null;
  const latest = useLatest({ send, save });
  useEffect(() => {
    if (!runId) return;
    // Free status reads while the run goes on; the archive is saved once, when it ends.
    const timer = setInterval(async () => {
      const reply = await latest.current.send({ type: 'bulk.status', runId });
      if (!reply.ok || reply.data.runId !== runId) return;
      setRun(reply.data);
      if (reply.data.state !== 'running') void latest.current.save(reply.data);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [runId, latest]);

  const running = run?.state === 'running';
  const tooFew = quote !== null && quote.balance !== null && quote.balance < quote.uncached;
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
          Download transcripts
        </button>
      )}
      {quote && (
        <fieldset class="tl-consent" aria-label="Confirm the download">
          <p>
            {plural(quote.selected, 'video')} selected: {plural(quote.uncached, 'transcript')} to buy for{' '}
            {plural(quote.uncached, 'Cloud Request')}
            {quote.balance === null ? '' : ` · ${count(quote.balance)} left`}; {count(quote.selected - quote.uncached)}{' '}
            already saved (free). Videos without a transcript cost nothing.
          </p>
          {tooFew && <p class="tl-cost-warn">Your balance covers only part of it: the run stops when it runs out.</p>}
          <label>
            Format{' '}
            <select
              value={format}
              onChange={(e) => {
                const picked = FORMATS.find(([value]) => value === e.currentTarget.value);
                if (picked) setFormat(picked[0]);
              }}
            >
              {FORMATS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            class="tl-button tl-primary"
            onClick={(e) => {
              if (!isPersonAct(e)) return;
              if (quote.uncached === 0) {
                setQuote(null);
                void save(null);
              } else void start();
            }}
          >
            {quote.uncached === 0 ? 'Save archive' : `Buy ${plural(quote.uncached, 'transcript')} and download`}
          </button>
          <button type="button" class="tl-button" onClick={() => setQuote(null)}>
            Back
          </button>
        </fieldset>
      )}
      {run && <RunProgress run={run} onCancel={() => void send({ type: 'bulk.cancel', runId: run.runId })} />}
      {run && !running && (
        <button type="button" class="tl-button" onClick={() => void save(run)}>
          Save archive again
        </button>
      )}
      {error && <ErrorAlert error={error} />}
    </div>
  );
}

function RunProgress({ run, onCancel }: { run: BulkStatus; onCancel: () => void }) {
  const finished = run.done + run.failed.length;
  return (
    <div class="tl-run">
      <progress aria-label="Bulk transcripts" max={Math.max(1, run.total)} value={finished} />
      <p aria-live="polite">
        {count(run.done)} done · {count(run.failed.length)} failed · {count(run.left)} left
        {run.state === 'cancelled' && ' · cancelled; what was delivered is kept'}
        {run.state === 'finished' && ' · finished'}
      </p>
      {run.state === 'running' && (
        <button type="button" class="tl-button" onClick={onCancel}>
          Cancel
        </button>
      )}
      {run.message && <p role="alert">{run.message}</p>}
      {run.failed.length > 0 && (
        <ul class="tl-failed" aria-label="Failed videos">
          {run.failed.map((f) => (
            <li key={f.id}>
              {f.id}: {f.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
