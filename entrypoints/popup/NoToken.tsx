import { t } from '../../utils/i18n/catalogue';

type Props = { onOpenOptions: () => void };

/** The one thing to do before anything else works. */
export function NoToken({ onOpenOptions }: Props) {
  return (
    <section class="no-token" aria-labelledby="no-token-title">
      <h2 id="no-token-title">{t('popup.noToken.title')}</h2>
      <p>{t('popup.noToken.body')}</p>
      <button type="button" class="primary" onClick={onOpenOptions}>
        {t('popup.noToken.add')}
      </button>
    </section>
  );
}
