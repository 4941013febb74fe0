import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ErrorAlert } from '../../components/page/ErrorAlert';
import { Offers } from '../../components/page/Offers';
import type { AccountReply } from '../../utils/account/replies';
import { PLANS } from '../../utils/api/schemas';
import { t } from '../../utils/i18n/catalogue';
import { formatCount, formatRelative } from '../../utils/i18n/format';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { PageSend } from '../../utils/protocol/send';
import { Meter } from './Meter';

type Props = { send: PageSend; onOpenOptions: () => void };

type RowProps = { balance: 'cloud' | 'ai'; value: number | null; max: number | null };

function Row({ balance, value, max }: RowProps) {
  const label = balance === 'cloud' ? t('common.term.cloudRequestsName') : t('common.term.aiUnitsName');
  const meterLabel = balance === 'cloud' ? t('popup.balance.cloudLeft') : t('popup.balance.aiLeft');
  return (
    <div class="balance">
      <div class="balance-line">
        <span class="balance-label">{label}</span>
        <span class="balance-value">{value === null ? '—' : formatCount(value)}</span>
      </div>
      {value !== null && max !== null && (
        <>
          <Meter label={meterLabel} value={value} max={max} />
          <span class="muted small">{t('popup.balance.ofMonthly', { max })}</span>
        </>
      )}
    </div>
  );
}

/**
 * Plan and balances: the stored account first (instant), then the MCP `account` tool (free). When the plan
 * cannot be learnt (marketplace key, offline), the last balances seen stay on screen with their age.
 */
export function Balances({ send, onOpenOptions }: Props) {
  const [view, setView] = useState<AccountReply | null>(null);
  const [fresh, setFresh] = useState(false);
  const [error, setError] = useState<ReplyError | null>(null);
  const [checking, setChecking] = useState(true);
  const alive = useRef(true);

  const load = useCallback(async () => {
    setChecking(true);
    setError(null);
    const stored = await send({ type: 'account.get', refresh: false });
    if (!alive.current) return;
    if (stored.ok) setView((current) => current ?? stored.data);
    const latest = await send({ type: 'account.get', refresh: true });
    if (!alive.current) return;
    if (latest.ok) {
      setView(latest.data);
      setFresh(latest.data.plan !== null);
    } else {
      setError(latest.error);
    }
    setChecking(false);
  }, [send]);

  useEffect(() => {
    alive.current = true;
    void load();
    return () => {
      alive.current = false;
    };
  }, [load]);

  const plan = view?.plan ?? null;
  const { cloudRequests = null, aiUnits = null, at = null } = view?.balances ?? {};
  const hasBalances = cloudRequests !== null || aiUnits !== null;
  const cloudMax = view?.monthlyCloudRequests ?? (plan ? PLANS[plan].monthlyCloudRequests : null);
  const aiMax = view?.monthlyAiUnits ?? (plan ? PLANS[plan].monthlyAiUnits : null);
  const topUp = view?.aiTopUp ?? null;
  // A balance at 0 has run out (a top-up still left is part of the AI balance, so it is not out).
  const cloudOut = cloudRequests === 0;
  const aiOut = aiUnits === 0;
  const out = cloudOut && aiOut ? 'both' : cloudOut ? 'cloud' : aiOut ? 'ai' : null;

  return (
    <section class="balances" aria-labelledby="balances-title" aria-busy={checking}>
      <h2 id="balances-title" class="plan">
        {plan
          ? t('popup.plan.named', { plan: PLANS[plan].name })
          : checking && !view?.planNote
            ? t('popup.plan.yours')
            : t('popup.plan.unknown')}
      </h2>
      {view?.tokenHint && <p class="muted small">{t('popup.tokenHint', { hint: view.tokenHint })}</p>}
      {view?.planNote && !plan && (
        <p class="note" dir="auto">
          {view.planNote}
        </p>
      )}
      {hasBalances ? (
        <>
          <Row balance="cloud" value={cloudRequests} max={cloudMax} />
          <Row balance="ai" value={aiUnits} max={aiMax} />
          {topUp !== null && <p class="muted small">{t('popup.balance.topUp', { n: topUp })}</p>}
          {out && (
            <div class="note">
              <p>
                {out === 'both'
                  ? t('popup.balance.outBoth')
                  : out === 'cloud'
                    ? t('popup.balance.outCloud')
                    : t('popup.balance.outAi')}
              </p>
              <Offers balance={out} />
            </div>
          )}
          {!fresh && at !== null && (
            <p class="muted small">
              {Date.now() - at < 60_000
                ? t('popup.balance.seenJustNow')
                : t('popup.balance.seen', { ago: formatRelative(at) })}
            </p>
          )}
        </>
      ) : (
        !error && <p class="muted">{checking ? t('popup.balance.checking') : t('popup.balance.noneSeen')}</p>
      )}
      {error && <ErrorAlert error={error} onOpenOptions={onOpenOptions} onRetry={() => void load()} />}
    </section>
  );
}
