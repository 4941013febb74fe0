import { useState } from 'preact/hooks';
import { ErrorAlert } from '../../components/page/ErrorAlert';
import type { AccountReply } from '../../utils/account/replies';
import { PLANS } from '../../utils/api/schemas';
import { t } from '../../utils/i18n/catalogue';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { PageSend } from '../../utils/protocol/send';
import { Field } from './Field';

type Props = {
  value: string;
  onInput: (value: string) => void;
  hasToken: boolean;
  send: PageSend;
  onTokenSaved: () => void;
  onTokenCleared: () => void;
};

type Result = { kind: 'note'; text: string } | { kind: 'error'; error: ReplyError } | null;

/** "Connected: Pro plan · 3,500 Cloud Requests · 10,000 AI Units", or what is known without a plan. */
export function connectedText(view: AccountReply): string {
  const { cloudRequests, aiUnits } = view.balances;
  const parts = [
    cloudRequests === null ? null : t('options.token.cloud', { n: cloudRequests }),
    aiUnits === null ? null : t('options.token.ai', { n: aiUnits }),
  ].filter(Boolean);
  if (view.plan) return [t('options.token.connectedPlan', { plan: PLANS[view.plan].name }), ...parts].join(' · ');
  return `${t('options.token.connectedNoPlan')} ${view.planNote ?? ''}`.trim();
}

/** The API token: masked input, Test (the free MCP account tool), Remove. It is never read back here. */
export function TokenField({ value, onInput, hasToken, send, onTokenSaved, onTokenCleared }: Props) {
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);

  async function test() {
    setBusy(true);
    setResult({ kind: 'note', text: t('options.token.testing') });
    // Testing a freshly pasted token means using it: store it first.
    if (value.trim()) {
      const stored = await send({ type: 'token.set', token: value });
      if (!stored.ok) {
        setBusy(false);
        return setResult({ kind: 'error', error: stored.error });
      }
      onTokenSaved();
    } else if (!hasToken) {
      setBusy(false);
      return setResult({ kind: 'note', text: t('options.token.pasteFirst') });
    }
    const reply = await send({ type: 'account.get', refresh: true });
    setBusy(false);
    setResult(reply.ok ? { kind: 'note', text: connectedText(reply.data) } : { kind: 'error', error: reply.error });
  }

  async function remove() {
    const reply = await send({ type: 'token.clear' });
    if (!reply.ok) return setResult({ kind: 'error', error: reply.error });
    onInput('');
    onTokenCleared();
    setResult({ kind: 'note', text: t('options.token.removed') });
  }

  return (
    <Field id="token" title={t('options.token.title')} label={t('options.token.label')}>
      <div class="row">
        <input
          id="token"
          type={shown ? 'text' : 'password'}
          value={value}
          onInput={(event) => onInput(event.currentTarget.value)}
          autoComplete="off"
          spellcheck={false}
          dir="ltr"
          placeholder={hasToken ? t('options.token.placeholderSaved') : t('options.token.placeholder')}
          aria-describedby="token-hint"
        />
        <button type="button" aria-pressed={shown} aria-controls="token" onClick={() => setShown(!shown)}>
          {t('options.token.show')}
        </button>
      </div>
      <p id="token-hint" class="hint">
        {hasToken ? t('options.token.hintSaved') : t('options.token.hintNone')}
      </p>
      <div class="row">
        <button type="button" onClick={test} disabled={busy}>
          {t('options.token.test')}
        </button>
        {hasToken && (
          <button type="button" onClick={remove} disabled={busy}>
            {t('options.token.remove')}
          </button>
        )}
      </div>
      <p class="result" role="status">
        {result?.kind === 'note' ? result.text : ''}
      </p>
      {result?.kind === 'error' && <ErrorAlert error={result.error} />}
    </Field>
  );
}
