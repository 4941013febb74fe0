import { useEffect, useState } from 'preact/hooks';
import { ErrorAlert } from '../../components/page/ErrorAlert';
import { megabytes, plural } from '../../components/page/format';
import type { CacheUsage } from '../../utils/cache';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { PageSend } from '../../utils/protocol/send';
import { BOUNDS } from '../../utils/settings';
import { NumberField } from './NumberField';

export type { CacheUsage };

type Props = {
  send: PageSend;
  value: string;
  onInput: (value: string) => void;
  error: string | null;
  /** Changes after each save, so a new budget (and any eviction) shows. */
  refreshKey: number;
};

export function usageText(usage: CacheUsage): string {
  const t = usage.transcripts;
  return `${megabytes(t.bytes)} MB of ${megabytes(usage.budgetBytes)} MB used · ${plural(t.entries, 'saved transcript')} (loading them again would cost ${plural(t.entries, 'Cloud Request')})`;
}

export function keptText(usage: CacheUsage): string {
  return `Kept outside the cache, never removed by it: ${plural(usage.kept.entries, 'paid analysis or answer list', 'paid analyses and answer lists')} (${megabytes(usage.kept.bytes)} MB).`;
}

/** The transcript and analysis cache: its budget, what it holds, and a way to empty it. */
export function CacheField({ send, value, onInput, error, refreshKey }: Props) {
  const [usage, setUsage] = useState<CacheUsage | null>(null);
  const [problem, setProblem] = useState<ReplyError | null>(null);
  const [note, setNote] = useState('');

  useEffect(() => {
    let alive = true;
    void send({ type: 'cache.usage' }).then((reply) => {
      if (!alive) return;
      if (reply.ok) setUsage(reply.data);
      else setProblem(reply.error);
    });
    return () => {
      alive = false;
    };
  }, [send, refreshKey]);

  async function clear() {
    setNote('');
    const reply = await send({ type: 'cache.clear' });
    if (!reply.ok) return setProblem(reply.error);
    setProblem(null);
    const removed = usage ? usage.transcripts.entries - reply.data.transcripts.entries : 0;
    setUsage(reply.data);
    setNote(
      `Removed ${plural(Math.max(0, removed), 'saved transcript')}; loading them again costs 1 Cloud Request each.`,
    );
  }

  return (
    <section class="field" aria-labelledby="cache-title">
      <h2 id="cache-title">Cache</h2>
      <label for="cache">Cache size (MB)</label>
      <NumberField
        id="cache"
        bounds={BOUNDS.cacheBudgetMb}
        value={value}
        onInput={onInput}
        error={error}
        hint="cache-usage"
      />
      <p id="cache-usage" class="hint">
        {usage ? usageText(usage) : problem ? '' : 'Reading cache usage…'}
      </p>
      {usage && <p class="hint">{keptText(usage)}</p>}
      <p class="hint">
        Saved transcripts make opening a video again free. When the cache is full the least recently used ones are
        removed; analyses and answers you paid for are never removed.
      </p>
      <div class="row">
        <button type="button" onClick={clear}>
          Clear cached transcripts
          {usage ? ` (${plural(usage.transcripts.entries, 'Cloud Request')} to load again)` : ''}
        </button>
        <span role="status" class="result">
          {note}
        </span>
      </div>
      {problem && <ErrorAlert error={problem} />}
    </section>
  );
}
