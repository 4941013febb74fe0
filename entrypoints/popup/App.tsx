import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { ErrorAlert } from '../../components/page/ErrorAlert';
import { type OwnPages, ownPages } from '../../components/page/open-page';
import { t } from '../../utils/i18n/catalogue';
import { type Listen, listenBroadcasts } from '../../utils/protocol/broadcasts';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { PageSend } from '../../utils/protocol/send';
import { sendPage } from '../../utils/protocol/send';
import { Balances } from './Balances';
import { BulkRuns } from './BulkRuns';
import { Jobs } from './Jobs';
import { MayHaveChargedLine } from './MayHaveChargedLine';
import { NoToken } from './NoToken';
import { Watchlists } from './Watchlists';

type Props = {
  send?: PageSend;
  openOptions?: () => void;
  openTab?: (url: string) => void;
  listen?: Listen;
  pages?: OwnPages;
};

/** What the popup uses of the browser and the background; a test hands in its own. */
const OWN_PORTS: Required<Props> = {
  send: sendPage,
  openOptions: () => void browser.runtime.openOptionsPage(),
  openTab: (url) => void browser.tabs.create({ url }),
  listen: listenBroadcasts,
  pages: ownPages,
};

type State = { state: 'loading' } | { state: 'error'; error: ReplyError } | { state: 'ready'; hasToken: boolean };

/**
 * The toolbar popup: plan and balances (and purchases that may have been charged), transcript downloads, analyses,
 * watchlists; or the way to add a token.
 */
export function App(given: Props) {
  const { send, openOptions, openTab, listen, pages } = { ...OWN_PORTS, ...given };
  const [state, setState] = useState<State>({ state: 'loading' });

  useEffect(() => {
    let alive = true;
    void send({ type: 'settings.get' }).then((reply) => {
      if (!alive) return;
      setState(reply.ok ? { state: 'ready', hasToken: reply.data.hasToken } : { state: 'error', error: reply.error });
    });
    return () => {
      alive = false;
    };
  }, [send]);

  return (
    <main class="popup">
      <h1>{t('popup.title')}</h1>
      {state.state === 'loading' && <p class="muted">{t('popup.loading')}</p>}
      {state.state === 'error' && <ErrorAlert error={state.error} onOpenOptions={openOptions} />}
      {state.state === 'ready' && !state.hasToken && <NoToken onOpenOptions={openOptions} />}
      {state.state === 'ready' && state.hasToken && (
        <>
          <Balances send={send} onOpenOptions={openOptions} />
          <MayHaveChargedLine send={send} onOpen={pages.openSpending} />
          <BulkRuns send={send} />
          <Jobs send={send} openTab={openTab} listen={listen} />
          <Watchlists send={send} openTab={openTab} />
        </>
      )}
      {state.state === 'ready' && (
        <p class="footer">
          <button type="button" class="link" onClick={pages.openLibrary}>
            {t('common.library')}
          </button>
          {state.hasToken && (
            <>
              <button type="button" class="link" onClick={pages.openSpending}>
                {t('popup.link.spending')}
              </button>
              <button type="button" class="link" onClick={openOptions}>
                {t('popup.link.options')}
              </button>
            </>
          )}
        </p>
      )}
    </main>
  );
}
