import { useState } from 'preact/hooks';
import { useReply } from '../../components/hooks/useReply';
import { megabytes } from '../../components/page/format';
import type { CacheUsage } from '../../utils/cache';
import { t } from '../../utils/i18n/catalogue';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { PageSend } from '../../utils/protocol/send';
import { BOUNDS } from '../../utils/settings';
import { ActionRow } from './ActionRow';
import { Field } from './Field';
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
  const { bytes, entries } = usage.transcripts;
  return t('options.cache.usage', { used: megabytes(bytes), budget: megabytes(usage.budgetBytes), n: entries });
}

export function keptText(usage: CacheUsage): string {
  return t('options.cache.kept', { n: usage.kept.entries, mb: megabytes(usage.kept.bytes) });
}

/** The transcript and analysis cache: its budget, what it holds, and a way to empty it. */
export function CacheField({ send, value, onInput, error, refreshKey }: Props) {
  const [usage, setUsage] = useState<CacheUsage | null>(null);
  const [problem, setProblem] = useState<ReplyError | null>(null);
  const [note, setNote] = useState('');

  useReply(() => send({ type: 'cache.usage' }), { onData: setUsage, onError: setProblem }, [send, refreshKey]);

  async function clear() {
    setNote('');
    const reply = await send({ type: 'cache.clear' });
    if (!reply.ok) return setProblem(reply.error);
    setProblem(null);
    const removed = usage ? usage.transcripts.entries - reply.data.transcripts.entries : 0;
    setUsage(reply.data);
    setNote(t('options.cache.removed', { n: Math.max(0, removed) }));
  }

  return (
    <Field id="cache" title={t('options.cache.title')} label={t('options.cache.label')}>
      <NumberField
        id="cache"
        bounds={BOUNDS.cacheBudgetMb}
        value={value}
        onInput={onInput}
        error={error}
        hint="cache-usage"
      />
      <p id="cache-usage" class="hint">
        {usage ? usageText(usage) : problem ? '' : t('options.cache.reading')}
      </p>
      {usage && <p class="hint">{keptText(usage)}</p>}
      <p class="hint">{t('options.cache.hint')}</p>
      <ActionRow status={note} error={problem}>
        <button type="button" onClick={clear}>
          {usage ? t('options.cache.clearCost', { n: usage.transcripts.entries }) : t('options.cache.clear')}
        </button>
      </ActionRow>
    </Field>
  );
}
