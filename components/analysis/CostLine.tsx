import type { Estimate } from '../../utils/panel-replies';
import { formatTime } from '../../utils/timecode';

export const num = (n: number): string => n.toLocaleString('en-US');
export const units = (n: number): string => `${num(n)} AI Unit${n === 1 ? '' : 's'}`;

/** "≈ 33 AI Units (10:24 at 3 per minute) · 3,000 left", or what is known of it. */
export function costText(e: Estimate): string {
  const left = e.balance === null ? '' : ` · ${num(e.balance)} left`;
  if (e.aiUnits === null) {
    const most = e.worstCase === null ? '' : `, up to ${units(e.worstCase)}`;
    return `${num(e.perMinute)} AI Units per minute; the video’s length is not known yet${most}${left}`;
  }
  let basis: string;
  if (e.partial && e.minutes !== null) basis = `first ${num(e.minutes)} min at ${num(e.perMinute)} per minute`;
  else if (e.durationSeconds !== null) basis = `${formatTime(e.durationSeconds)} at ${num(e.perMinute)} per minute`;
  else basis = `${num(e.perMinute)} per minute`;
  if (e.lowAiUnits !== null) {
    return `≈ ${num(e.lowAiUnits)}–${units(e.aiUnits)} (auto may choose Deep: ${basis})${left}`;
  }
  return `≈ ${units(e.aiUnits)} (${basis})${left}`;
}

/** The cost shown before anything is spent, and why the button may be off. */
export function CostLine({ estimate, id }: { estimate: Estimate; id?: string }) {
  return (
    <div class="tl-cost" id={id}>
      {estimate.alreadyPaid ? (
        <p class="tl-cost-text">Already analyzed — opening it costs nothing.</p>
      ) : (
        <p class="tl-cost-text">{costText(estimate)}</p>
      )}
      {!estimate.alreadyPaid && estimate.exceedsBalance && estimate.balance !== null && (
        <p class="tl-cost-warn">That is more than your {units(estimate.balance)} left.</p>
      )}
      {!estimate.alreadyPaid && estimate.exceedsBalance && estimate.balance === null && (
        <p class="tl-cost-warn">That is more than your AI Units left.</p>
      )}
      {estimate.mode === 'deep' && !estimate.modeAllowed && (
        <p class="tl-cost-warn">Deep analysis needs the Pro or Team plan. Choose another mode.</p>
      )}
    </div>
  );
}
