import { useEffect, useState } from 'preact/hooks';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { PageSend } from '../../utils/protocol/send';
import type { Settings } from '../../utils/settings';
import { type Draft, draftOf } from './useSave';

export type Loaded = { settings: Settings; hasToken: boolean };

/** The settings as the background holds them (or why they could not be read), and the form's draft of them. */
export function useLoadedSettings(send: PageSend) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<ReplyError | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);

  useEffect(() => {
    void send({ type: 'settings.get' }).then((reply) => {
      if (!reply.ok) return setLoadError(reply.error);
      setLoaded(reply.data);
      setDraft(draftOf(reply.data.settings));
    });
  }, [send]);

  return { loaded, setLoaded, loadError, draft, setDraft };
}
