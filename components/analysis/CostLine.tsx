import { t } from '../../utils/i18n/catalogue';
import type { Estimate } from '../../utils/panel/replies';
import { formatTime } from '../../utils/timecode';

/** "≈ 33 AI Units (10:24 at 3 per minute) · 3,000 left", or what is known of it; one message per shape. */
export function costText(e: Estimate): string {
  const withLeft = (text: string) => (e.balance === null ? text : t('panel.cost.left', { text, n: e.balance }));
  // Only the page vouches for the length: its figure is an estimate, the worst case is what may be spent.
  if (e.pageAiUnits !== undefined && e.durationSeconds !== null && e.worstCase !== null) {
    const time = formatTime(e.durationSeconds);
    return withLeft(t('panel.cost.byPage', { n: e.pageAiUnits, time, most: e.worstCase }));
  }
  if (e.aiUnits === null) {
    const text =
      e.worstCase === null
        ? t('panel.cost.rate', { rate: e.perMinute })
        : t('panel.cost.rateUpTo', { rate: e.perMinute, n: e.worstCase });
    return withLeft(text);
  }
  let basis: string;
  if (e.partial && e.minutes !== null) basis = t('panel.cost.basisPart', { minutes: e.minutes, rate: e.perMinute });
  else if (e.durationSeconds !== null)
    basis = t('panel.cost.basisTime', { time: formatTime(e.durationSeconds), rate: e.perMinute });
  else basis = t('panel.cost.basisRate', { rate: e.perMinute });
  if (e.lowAiUnits !== null) return withLeft(t('panel.cost.range', { low: e.lowAiUnits, n: e.aiUnits, basis }));
  return withLeft(t('panel.cost.about', { n: e.aiUnits, basis }));
}

/**
 * Whether two quotes say the same price to the person: the same purchase and the same words of the cost line,
 * the balance beside it aside (another tab's spend changes it, not the price).
 */
export function samePrice(a: Estimate, b: Estimate): boolean {
  const said = (e: Estimate) =>
    JSON.stringify([e.mode, e.partial, e.alreadyPaid, e.exceedsGuard, costText({ ...e, balance: null })]);
  return said(a) === said(b);
}

/** The cost shown before anything is spent, and why the button may be off. */
export function CostLine({ estimate, id }: { estimate: Estimate; id?: string }) {
  return (
    <div class="tl-cost" id={id}>
      {estimate.alreadyPaid ? (
        <p class="tl-cost-text">{t('panel.cost.paid')}</p>
      ) : (
        <p class="tl-cost-text">{costText(estimate)}</p>
      )}
      {!estimate.alreadyPaid && estimate.exceedsBalance && estimate.balance !== null && (
        <p class="tl-cost-warn">{t('panel.cost.over', { n: estimate.balance })}</p>
      )}
      {!estimate.alreadyPaid && estimate.exceedsBalance && estimate.balance === null && (
        <p class="tl-cost-warn">{t('panel.cost.overUnknown')}</p>
      )}
      {estimate.mode === 'deep' && !estimate.modeAllowed && <p class="tl-cost-warn">{t('panel.cost.deepPlan')}</p>}
    </div>
  );
}
