import { t } from '../../utils/i18n/catalogue';

type Props = {
  state: 'idle' | 'copied' | 'failed' | null;
  /** What the status says after a copy ("Copied"). */
  copied: string;
  /** The status's and the alert's classes where they stand. */
  classes: { status: string; alert: string };
};

/** What a copy to the clipboard did: said in a polite status, or an alert when the clipboard refused. */
export function CopyOutcome({ state, copied, classes }: Props) {
  return (
    <>
      <output class={classes.status} aria-live="polite">
        {state === 'copied' ? copied : ''}
      </output>
      {state === 'failed' && (
        <p role="alert" class={classes.alert}>
          {t('panel.tr.copyFailed')}
        </p>
      )}
    </>
  );
}
