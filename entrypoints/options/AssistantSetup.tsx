import { useState } from 'preact/hooks';
import { t } from '../../utils/i18n/catalogue';
import { ActionRow } from './ActionRow';
import { mcpAddress } from './validate';

type Props = {
  /** The saved service address (not the one being edited). */
  serviceUrl: string;
  readToken: () => Promise<string>;
  copy: (text: string) => Promise<void>;
};

export function mcpSnippet(address: string, token: string): string {
  const config = {
    mcpServers: { 'transcript-lens': { url: address, headers: { Authorization: `Basic ${token}` } } },
  };
  return JSON.stringify(config, null, 2);
}

/** How to point an AI assistant at the service's MCP endpoint. The token shows only when asked for. */
export function AssistantSetup({ serviceUrl, readToken, copy }: Props) {
  const [token, setToken] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const address = mcpAddress(serviceUrl);
  const snippet = mcpSnippet(address, token ?? t('options.assistant.tokenPlaceholder'));

  /** Copies the address or the snippet; the note says which was copied, or that it was not. */
  async function copyText(what: 'address' | 'snippet') {
    try {
      await copy(what === 'address' ? address : snippet);
      setNote(t(`options.assistant.${what}Copied`));
    } catch {
      setNote(t(`options.assistant.${what}NotCopied`));
    }
  }

  const copyButton = (what: 'address' | 'snippet', label: string) => (
    <button type="button" onClick={() => copyText(what)}>
      {label}
    </button>
  );

  async function toggleReveal() {
    if (token !== null) {
      setToken(null);
      return setNote('');
    }
    const saved = await readToken();
    if (saved) {
      setToken(saved);
      setNote(t('options.assistant.tokenShown'));
    } else setNote(t('options.assistant.noToken'));
  }

  return (
    <section class="field assistant" aria-labelledby="assistant-title">
      <h2 id="assistant-title">{t('options.assistant.title')}</h2>
      <p>{t('options.assistant.intro')}</p>
      <div class="row">
        <code class="address" dir="ltr">
          {address}
        </code>
        {copyButton('address', t('options.assistant.copyAddress'))}
      </div>
      <h3>{t('options.assistant.desktop')}</h3>
      <p>{t('options.assistant.addThis')}</p>
      <pre class="snippet" dir="ltr">
        <code>{snippet}</code>
      </pre>
      <ActionRow status={note}>
        <button type="button" onClick={toggleReveal} aria-pressed={token !== null}>
          {t('options.assistant.reveal')}
        </button>
        {copyButton('snippet', t('options.assistant.copySnippet'))}
      </ActionRow>
      <h3>{t('options.assistant.goodToKnow')}</h3>
      <ul class="notes">
        <li>{t('options.assistant.note.marketplace')}</li>
        <li>{t('options.assistant.note.oauth')}</li>
        <li>{t('options.assistant.note.disconnect')}</li>
        <li>{t('options.assistant.note.charged')}</li>
      </ul>
    </section>
  );
}
