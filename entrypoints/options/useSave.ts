import { useState } from 'preact/hooks';
import type { AnalysisMode } from '../../utils/api/schemas';
import { t } from '../../utils/i18n/catalogue';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { PageSend } from '../../utils/protocol/send';
import type { Settings } from '../../utils/settings';
import { BOUNDS } from '../../utils/settings';
import { originPattern } from '../../utils/settings/service-url';
import { bounded, cacheError, checkServiceUrl, DEFAULT_ORIGIN, floorError, guardError } from './validate';

export type Draft = {
  token: string;
  serviceUrl: string;
  language: string;
  defaultMode: AnalysisMode;
  spendingGuard: string;
  cacheBudgetMb: string;
  autoLoadTranscripts: boolean;
  autoLoadFloor: string;
};

export type FieldErrors = {
  address: string | null;
  guard: string | null;
  cache: string | null;
  floor: string | null;
  refused: string | null;
};
export const NO_ERRORS: FieldErrors = { address: null, guard: null, cache: null, floor: null, refused: null };

export type RequestPermission = (permissions: { origins: string[] }) => Promise<boolean>;

type Deps = {
  send: PageSend;
  requestPermission: RequestPermission;
  onToken: () => void;
  onSaved: (settings: Settings) => void;
};

export function draftOf(settings: Settings, token = ''): Draft {
  return {
    token,
    serviceUrl: settings.serviceUrl,
    language: settings.language,
    defaultMode: settings.defaultMode,
    spendingGuard: String(settings.spendingGuard),
    cacheBudgetMb: String(settings.cacheBudgetMb),
    autoLoadTranscripts: settings.autoLoadTranscripts,
    autoLoadFloor: String(settings.autoLoadFloor),
  };
}

/**
 * Save: check every field, ask for host permission for a non-default address (first, while the click's user
 * gesture still counts), then store the token and the settings. A refused permission keeps the old address.
 */
export function useSave({ send, requestPermission, onToken, onSaved }: Deps) {
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [failure, setFailure] = useState<ReplyError | null>(null);
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);

  async function save(draft: Draft): Promise<void> {
    const address = checkServiceUrl(draft.serviceUrl);
    const guard = bounded(draft.spendingGuard, BOUNDS.spendingGuard);
    const budget = bounded(draft.cacheBudgetMb, BOUNDS.cacheBudgetMb);
    const floor = bounded(draft.autoLoadFloor, BOUNDS.autoLoadFloor);
    const next: FieldErrors = {
      address: address.ok ? null : address.error,
      guard: guard === null ? guardError() : null,
      cache: budget === null ? cacheError() : null,
      floor: floor === null ? floorError() : null,
      refused: null,
    };
    setFailure(null);
    if (!address.ok || guard === null || budget === null || floor === null) {
      setErrors(next);
      return setStatus(t('options.save.invalid'));
    }
    let granted = true;
    if (address.origin !== DEFAULT_ORIGIN) {
      granted = await requestPermission({ origins: [originPattern(address.url)] }).catch(() => false);
      if (!granted) {
        next.refused = t('options.save.refused', { origin: address.origin });
      }
    }
    setErrors(next);
    setSaving(true);
    setStatus(t('options.save.saving'));
    try {
      if (draft.token.trim()) {
        const stored = await send({ type: 'token.set', token: draft.token });
        if (!stored.ok) {
          setFailure(stored.error);
          return setStatus(t('options.save.failed'));
        }
        onToken();
      }
      const patch = {
        language: draft.language,
        defaultMode: draft.defaultMode,
        spendingGuard: guard,
        cacheBudgetMb: budget,
        autoLoadTranscripts: draft.autoLoadTranscripts,
        autoLoadFloor: floor,
        ...(granted && { serviceUrl: address.url }),
      };
      const reply = await send({ type: 'settings.set', patch });
      if (!reply.ok) {
        setFailure(reply.error);
        return setStatus(t('options.save.failed'));
      }
      onSaved(reply.data.settings);
      setStatus(granted ? t('options.save.saved') : t('options.save.savedExceptAddress'));
    } finally {
      setSaving(false);
    }
  }

  return { save, errors, failure, status, saving };
}
