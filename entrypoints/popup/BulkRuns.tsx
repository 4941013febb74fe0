import { useCallback, useEffect, useState } from 'preact/hooks';
import type { BulkStatus } from '../../utils/channel/replies';
import { t } from '../../utils/i18n/catalogue';
import type { PageSend } from '../../utils/protocol/send';

const POLL_MS = 1_000;

function ended(state: Exclude<BulkStatus['state'], 'running'>): string {
  if (state === 'finished') return t('popup.bulk.finished');
  if (state === 'cancelled') return t('popup.bulk.cancelled');
  return t('popup.bulk.stopped');
}

/** The time left at the plan's rate, in words. */
function timeToGo(seconds: number): string {
  if (seconds < 5) return t('popup.bulk.etaFew');
  if (seconds < 90) return t('popup.bulk.etaSeconds', { n: Math.round(seconds) });
  return t('popup.bulk.etaMinutes', { n: Math.round(seconds / 60) });
}

function RunLine({ run, onCancel }: { run: BulkStatus; onCancel: () => void }) {
  // Videos whose batch may have been charged without arriving are counted apart: they are neither done nor left.
  // One short phrase per figure, listed with " · " (each phrase is whole in every language).
  const meta = [
    t('popup.bulk.done', { n: run.done }),
    t('popup.bulk.failed', { n: run.failed.length }),
    run.unknown.length > 0 ? t('popup.bulk.unsure', { n: run.unknown.length }) : null,
    t('popup.bulk.left', { n: run.left }),
    run.state === 'running' && run.etaSeconds !== null ? timeToGo(run.etaSeconds) : null,
    run.state === 'running' ? null : run.inFlight > 0 ? t('popup.bulk.settling') : ended(run.state),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li class="bulk-run" data-state={run.state}>
      <span class="job-title" dir="auto">
        {run.title}
      </span>
      <progress
        aria-label={t('popup.bulk.progress', { title: run.title })}
        max={Math.max(1, run.total)}
        value={run.done + run.failed.length + run.unknown.length}
      />
      <span class="job-meta">{meta}</span>
      {run.message && (
        <span class="job-error" dir="auto">
          {run.message}
        </span>
      )}
      {run.state === 'running' && (
        <button type="button" class="link" aria-label={t('popup.bulk.cancel', { title: run.title })} onClick={onCancel}>
          {t('common.cancel')}
        </button>
      )}
    </li>
  );
}

/** Bulk transcript runs going on (and just ended): progress, the time left at the plan's rate, and Cancel. */
export function BulkRuns({ send }: { send: PageSend }) {
  const [runs, setRuns] = useState<BulkStatus[]>([]);

  const load = useCallback(async () => {
    const reply = await send({ type: 'bulkRuns.list' });
    if (reply.ok) setRuns(reply.data);
  }, [send]);

  const running = runs.some((r) => r.state === 'running' || r.inFlight > 0);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [running, load]);

  if (runs.length === 0) return null;
  return (
    <section class="bulk-runs" aria-labelledby="bulk-runs-title">
      <h2 id="bulk-runs-title">{t('popup.bulk.title')}</h2>
      <ul class="job-list">
        {runs.map((run) => (
          <RunLine
            key={run.runId}
            run={run}
            onCancel={() => {
              void send({ type: 'bulkRuns.cancel', runId: run.runId }).then(load);
            }}
          />
        ))}
      </ul>
    </section>
  );
}
