import { t } from '../../utils/i18n/catalogue';

/** A transcript without cues: its text whole when there is any (paid for but untimed: never dropped). */
export function Untimed({ text }: { text: string }) {
  if (!text.trim()) return <p class="tl-muted">{t('panel.tr.noCues')}</p>;
  return (
    <>
      <p class="tl-muted">{t('panel.tr.untimed')}</p>
      <p class="tl-plain-text" dir="auto">
        {text}
      </p>
    </>
  );
}
