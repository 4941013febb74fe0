import { useState } from 'preact/hooks';
import { ErrorAlert } from '../../components/page/ErrorAlert';
import { count } from '../../components/page/format';
import type { AccountReply } from '../../utils/account-replies';
import { PLANS } from '../../utils/api/schemas';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { PageSend } from '../../utils/protocol/send';

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
  const parts = [
    view.balances.cloudRequests === null ? null : `${count(view.balances.cloudRequests)} Cloud Requests`,
    view.balances.aiUnits === null ? null : `${count(view.balances.aiUnits)} AI Units`,
  ].filter(Boolean);
  if (view.plan) return [`Connected: ${PLANS[view.plan].name} plan`, ...parts].join(' · ');
  return `Connected, plan unknown. ${view.planNote ?? ''}`.trim();
}

/** The API token: masked input, Test (the free MCP account tool), Remove. It is never read back here. */
export function TokenField({ value, onInput, hasToken, send, onTokenSaved, onTokenCleared }: Props) {
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);

  async function test() {
    setBusy(true);
    setResult({ kind: 'note', text: 'Testing…' });
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
      return setResult({ kind: 'note', text: 'Paste your API token first.' });
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
    setResult({ kind: 'note', text: 'Token removed.' });
  }

  return (
    <section class="field" aria-labelledby="token-title">
      <h2 id="token-title">Connection</h2>
      <label for="token">API token</label>
      <div class="row">
        <input
          id="token"
          type={shown ? 'text' : 'password'}
          value={value}
          onInput={(event) => onInput(event.currentTarget.value)}
          autoComplete="off"
          spellcheck={false}
          placeholder={hasToken ? 'Saved. Paste a new token to replace it.' : 'Paste your API token'}
          aria-describedby="token-hint"
        />
        <button type="button" aria-pressed={shown} aria-controls="token" onClick={() => setShown(!shown)}>
          Show
        </button>
      </div>
      <p id="token-hint" class="hint">
        {hasToken ? 'A token is saved. ' : 'No token saved yet. '}
        Find it on the service’s API page. It stays in the extension’s background and is sent only to the service.
      </p>
      <div class="row">
        <button type="button" onClick={test} disabled={busy}>
          Test
        </button>
        {hasToken && (
          <button type="button" onClick={remove} disabled={busy}>
            Remove token
          </button>
        )}
      </div>
      <p class="result" role="status">
        {result?.kind === 'note' ? result.text : ''}
      </p>
      {result?.kind === 'error' && <ErrorAlert error={result.error} />}
    </section>
  );
}
