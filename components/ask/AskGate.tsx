import { t } from '../../utils/i18n/catalogue';

type Props = {
  /** Why this analysis cannot be asked yet. */
  reason: string;
  /** Switches the panel to the Analysis tab. */
  onOpenAnalysis?: (() => void) | undefined;
};

/** Asking waits for a finished analysis of this account's: why not yet, and the way to the Analysis tab. */
export function AskGate({ reason, onOpenAnalysis }: Props) {
  return (
    <div class="tl-note tl-ask-gate">
      <p>{t('panel.ask.gate')}</p>
      <p class="tl-muted">{reason}</p>
      {onOpenAnalysis && (
        <button type="button" class="tl-button" onClick={onOpenAnalysis}>
          {t('panel.ask.toAnalysis')}
        </button>
      )}
    </div>
  );
}
