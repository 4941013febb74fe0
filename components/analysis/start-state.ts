import type { PanelContext, QuotedEstimate } from '../../utils/panel/replies';

type Inputs = {
  context: PanelContext | null;
  estimate: QuotedEstimate | null;
  partial: boolean;
  /** The service said once the video is too long: the partial choice stays shown. */
  tooLongSeen: boolean;
  loading: boolean;
  starting: boolean;
};

/** What the start form offers and whether it may start, from the context, the estimate and the form's state. */
export function startState({ context, estimate, partial, tooLongSeen, loading, starting }: Inputs) {
  const planBlocksDeep = context?.deepAllowed === false;
  const deepAllowed = !planBlocksDeep && !(estimate?.mode === 'deep' && !estimate.modeAllowed);
  const showPartial = partial || tooLongSeen || (estimate?.tooLong ?? false);
  const blockedByLength = (estimate?.tooLong ?? false) && !partial;
  const noToken = context?.hasToken === false;
  const canStart =
    estimate !== null &&
    !loading &&
    !starting &&
    !noToken &&
    (estimate.alreadyPaid || (!estimate.exceedsBalance && estimate.modeAllowed && !blockedByLength));
  return { deepAllowed, showPartial, blockedByLength, noToken, canStart };
}
