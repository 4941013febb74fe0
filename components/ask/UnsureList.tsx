import { t } from '../../utils/i18n/catalogue';

/** Questions sent whose answer never came back: they may have been charged, so they are named. */
export function UnsureList({ questions }: { questions: readonly string[] }) {
  return (
    <div class="tl-note">
      <p>{t('panel.ask.unsure', { n: questions.length })}</p>
      <ul aria-label={t('panel.ask.unsureList')}>
        {questions.map((q) => (
          <li key={q} dir="auto">
            {q}
          </li>
        ))}
      </ul>
    </div>
  );
}
