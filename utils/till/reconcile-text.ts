import { t } from '../i18n/catalogue';
import type { Reconciliation } from './journal';

export type Currency = 'cloudRequests' | 'aiUnits';

export type ReconcileLine = { currency: Currency; text: string; differs: boolean };

/**
 * The reconciliation in sentences, one per currency: the fall of the balance the service reported against the
 * charges the journal expects. A difference is flagged, never acted on: a top-up or a new month shows as one too.
 */
export function reconciliationLines(r: Reconciliation): ReconcileLine[] {
  return (['cloudRequests', 'aiUnits'] as const).map((currency) => {
    const name = t('background.reconcile.name', { currency });
    const expected = r.expected[currency];
    const reported = r.reported[currency];
    const expects = t('background.reconcile.expects', { n: expected });
    if (reported === null) {
      return { currency, differs: false, text: t('background.reconcile.noBalance', { name, expects }) };
    }
    const moved =
      reported > 0
        ? t('background.reconcile.fell', { n: reported })
        : reported < 0
          ? t('background.reconcile.rose', { n: -reported })
          : t('background.reconcile.same');
    if (!r.differs[currency]) {
      return { currency, differs: false, text: t('background.reconcile.asExpected', { name, moved }) };
    }
    const unknown = r.unknown > 0 ? t('background.reconcile.unknown', { n: r.unknown }) : '';
    const gap = reported - expected;
    const size = t('background.reconcile.amount', { currency, n: Math.abs(gap) });
    const side = gap > 0 ? t('background.reconcile.more') : t('background.reconcile.less');
    const also = t('background.reconcile.also', { currency });
    return {
      currency,
      differs: true,
      text: t('background.reconcile.differs', { name, moved, expects, size, side, also, unknown }),
    };
  });
}
