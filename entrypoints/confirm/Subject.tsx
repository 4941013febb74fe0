import { Message } from '../../components/page/Message';
import { TextList } from '../../components/page/TextList';
import type { AnalysisMode } from '../../utils/api/schemas';
import type { ConsentPending, ConsentSubject } from '../../utils/consent/replies';
import { t } from '../../utils/i18n/catalogue';
import { modeName } from '../../utils/i18n/mode-name';
import type { Estimate } from '../../utils/panel/replies';
import { formatTime } from '../../utils/timecode';

type Of<K extends ConsentSubject['kind']> = Extract<ConsentSubject, { kind: K }>;

/** "Smart analysis": a mode the plan allows, as its button and the subject say it. */
export const modeAnalysis = (mode: AnalysisMode): string => t('confirm.analysis.mode', { mode: modeName(mode) });

export function heading(subject: ConsentSubject): string {
  if (subject.kind === 'analysis') return t('confirm.heading.analysis');
  if (subject.kind === 'bulk') return t('confirm.heading.bulk');
  return t('confirm.heading.search');
}

/** The price as a person reads it: what it is per unit, and the worst case when the length is unknown. */
function analysisCost(e: Estimate): string {
  if (e.alreadyPaid) return t('confirm.analysis.alreadyPaid');
  if (e.pageAiUnits !== undefined && e.durationSeconds !== null && e.worstCase !== null) {
    const time = formatTime(e.durationSeconds);
    return t('confirm.analysis.byPage', { n: e.pageAiUnits, time, most: e.worstCase });
  }
  if (e.aiUnits === null) {
    return e.worstCase === null
      ? t('confirm.analysis.perMinute', { perMinute: e.perMinute })
      : t('confirm.analysis.perMinuteUpTo', { perMinute: e.perMinute, most: e.worstCase });
  }
  const basis =
    e.partial && e.minutes !== null
      ? t('confirm.analysis.firstMinutes', { minutes: e.minutes })
      : e.durationSeconds !== null
        ? formatTime(e.durationSeconds)
        : t('confirm.analysis.itsLength');
  return t('confirm.analysis.estimate', { n: e.aiUnits, basis, perMinute: e.perMinute });
}

function Analysis({ s }: { s: Of<'analysis'> }) {
  const e = s.estimate;
  const mode = modeName(e.mode);
  return (
    <>
      <p>
        <bdi>{s.title ?? t('confirm.video')}</bdi> <code dir="ltr">{s.videoId}</code>
        {' · '}
        {e.partial ? t('confirm.analysis.modePartial', { mode }) : t('confirm.analysis.mode', { mode })}
      </p>
      <p class="cost">{analysisCost(e)}</p>
      <p class="muted">
        {e.pageAiUnits !== undefined
          ? t('confirm.analysis.pageLength')
          : e.aiUnits === null
            ? t('confirm.analysis.unknownLength')
            : e.exceedsGuard
              ? t('confirm.analysis.aboveGuard', { n: e.guard })
              : // Within the guard it comes here only from a panel frame not seen whole (components/spend-gate.tsx).
                t('confirm.analysis.notSeen')}
      </p>
    </>
  );
}

function Bulk({ s }: { s: Of<'bulk'> }) {
  return (
    <>
      <p>
        <Message
          k="confirm.bulk.what"
          values={{
            selected: s.selected,
            format: s.format.toUpperCase(),
            n: s.cloudRequests,
            saved: s.selected - s.cloudRequests,
          }}
          data={{ title: <bdi>{s.title}</bdi> }}
        />
      </p>
      <p class="cost">{t('confirm.bulk.cost', { price: s.priceText })}</p>
      {s.mayHaveBeenCharged > 0 && (
        <p class="muted">{t('confirm.bulk.mayHaveBeenCharged', { n: s.mayHaveBeenCharged })}</p>
      )}
      {s.sizeNote && (
        <p class="muted" dir="auto">
          {s.sizeNote}
        </p>
      )}
      <p class="muted">{t('confirm.bulk.unavailableFree')}</p>
    </>
  );
}

function searchKey(range: Of<'search'>['range']) {
  if (range.from !== null && range.to !== null) return 'confirm.search.whatBetween' as const;
  if (range.from !== null) return 'confirm.search.whatFrom' as const;
  if (range.to !== null) return 'confirm.search.whatUpTo' as const;
  return 'confirm.search.what' as const;
}

function Search({ s }: { s: Of<'search'> }) {
  const at = (seconds: number | null) => (seconds === null ? null : <bdi dir="ltr">{formatTime(seconds)}</bdi>);
  const free = [s.held > 0 ? t('confirm.search.held', { n: s.held }) : null, t('confirm.search.failedFree')].filter(
    Boolean,
  );
  return (
    <>
      <p>
        <Message
          k={searchKey(s.range)}
          values={{ n: s.videos.length }}
          data={{
            title: <bdi>{s.title}</bdi>,
            query: <bdi>{s.query}</bdi>,
            from: at(s.range.from),
            to: at(s.range.to),
          }}
        />
      </p>
      <TextList class="videos" items={s.videos.map((v) => ({ key: v.id, text: v.title }))} />
      <p class="cost">
        {s.calls > 1
          ? t('confirm.search.costCalls', { n: s.cloudRequests, calls: s.calls, perCall: s.perCall })
          : t('confirm.search.cost', { n: s.cloudRequests })}
      </p>
      <p class="muted">{free.join(' ')}</p>
    </>
  );
}

/** What is bought, its price and the balance it comes from. */
export function Subject({ view }: { view: ConsentPending }) {
  const { subject, balance, unit, price } = view;
  const ai = unit === 'AI Units';
  const short = balance !== null && balance > 0 && balance < price && subject.kind !== 'analysis';
  return (
    <>
      {subject.kind === 'analysis' && <Analysis s={subject} />}
      {subject.kind === 'bulk' && <Bulk s={subject} />}
      {subject.kind === 'search' && <Search s={subject} />}
      <p>
        {balance === null
          ? t(ai ? 'confirm.balance.unknownAi' : 'confirm.balance.unknownCloud')
          : t(ai ? 'confirm.balance.leftAi' : 'confirm.balance.leftCloud', { n: balance })}
      </p>
      {short && <p class="warn">{t('confirm.balance.short')}</p>}
    </>
  );
}
