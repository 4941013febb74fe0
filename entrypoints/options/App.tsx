import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { ErrorAlert } from '../../components/page/ErrorAlert';
import { type OwnPages, ownPages } from '../../components/page/open-page';
import { readToken as readStoredToken } from '../../utils/account/secrets';
import { t } from '../../utils/i18n/catalogue';
import type { PageSend } from '../../utils/protocol/send';
import { sendPage } from '../../utils/protocol/send';
import { ActionRow } from './ActionRow';
import { AssistantSetup } from './AssistantSetup';
import { CacheField } from './CacheField';
import { InterfaceLanguage } from './InterfaceLanguage';
import { PageLinks } from './PageLinks';
import { Preferences } from './Preferences';
import { ServiceField } from './ServiceField';
import { TokenField } from './TokenField';
import { useLoadedSettings } from './useLoadedSettings';
import { type Draft, type RequestPermission, useSave } from './useSave';

type Props = {
  send?: PageSend;
  requestPermission?: RequestPermission;
  copy?: (text: string) => Promise<void>;
  /** Pages are trusted contexts; used only to reveal the token in the MCP snippet. */
  readToken?: () => Promise<string>;
  pages?: OwnPages;
  /** The version people quote when they report a problem: the manifest's (main.tsx), which is package.json's. */
  version?: string;
};

const defaultRequest: RequestPermission = (permissions) => browser.permissions.request(permissions);
const defaultCopy = (text: string) => navigator.clipboard.writeText(text);

export function App({
  send = sendPage,
  requestPermission = defaultRequest,
  copy = defaultCopy,
  readToken = readStoredToken,
  pages = ownPages,
  version,
}: Props) {
  const { loaded, setLoaded, loadError, draft, setDraft } = useLoadedSettings(send);
  // Bumped when the token or the settings change, to reset what depends on them.
  const [tokenEpoch, setTokenEpoch] = useState(0);
  const [saves, setSaves] = useState(0);

  const tokenSaved = () => {
    setLoaded((current) => current && { ...current, hasToken: true });
    setDraft((current) => current && { ...current, token: '' });
    setTokenEpoch((n) => n + 1);
  };
  const tokenCleared = () => {
    setLoaded((current) => current && { ...current, hasToken: false });
    setTokenEpoch((n) => n + 1);
  };
  const { save, errors, failure, status, saving } = useSave({
    send,
    requestPermission,
    onToken: tokenSaved,
    onSaved: (settings) => {
      setLoaded((current) => current && { ...current, settings });
      setSaves((n) => n + 1);
    },
  });

  if (!loaded || !draft) {
    return (
      <main class="options">
        <h1>{t('options.title')}</h1>
        {loadError ? <ErrorAlert error={loadError} /> : <p class="hint">{t('options.loading')}</p>}
        <About version={version} />
      </main>
    );
  }

  const edit = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  return (
    <main class="options">
      <h1>{t('options.title')}</h1>
      <InterfaceLanguage />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // Not awaited before anything else: the permission prompt needs this click's user gesture.
          void save(draft);
        }}
      >
        <TokenField
          value={draft.token}
          onInput={(token) => edit({ token })}
          hasToken={loaded.hasToken}
          send={send}
          onTokenSaved={tokenSaved}
          onTokenCleared={tokenCleared}
        />
        <ServiceField
          value={draft.serviceUrl}
          onInput={(serviceUrl) => edit({ serviceUrl })}
          error={errors.address}
          refused={errors.refused}
        />
        <Preferences values={draft} onChange={edit} guardError={errors.guard} floorError={errors.floor} />
        <CacheField
          send={send}
          value={draft.cacheBudgetMb}
          onInput={(cacheBudgetMb) => edit({ cacheBudgetMb })}
          error={errors.cache}
          refreshKey={saves}
        />
        <ActionRow class="actions" status={status} error={failure}>
          <button type="submit" class="primary" disabled={saving}>
            {t('options.save')}
          </button>
        </ActionRow>
      </form>
      <PageLinks {...pages} />
      <AssistantSetup key={tokenEpoch} serviceUrl={loaded.settings.serviceUrl} readToken={readToken} copy={copy} />
      <About version={version} />
    </main>
  );
}

function About({ version }: { version: string | undefined }) {
  if (!version) return null;
  return (
    <footer class="about">
      <p>{t('options.about', { version })}</p>
    </footer>
  );
}
