import type { ChannelsListed } from '../../utils/channel/replies';
import { t } from '../../utils/i18n/catalogue';

/** What listing did for each channel, and how many uploads were left out of the bulk view. */
export function ChannelsOutcome({ listed }: { listed: ChannelsListed }) {
  return (
    <>
      <ul class="channels-outcome" aria-label={t('library.channels.listed')}>
        {listed.channels.map((c) => (
          <li key={c.channel}>
            {c.message
              ? t('library.channels.outcomeSaid', {
                  name: c.title ?? c.channel,
                  outcome: c.outcome,
                  message: c.message,
                })
              : t('library.channels.outcome', { name: c.title ?? c.channel, outcome: c.outcome })}
          </li>
        ))}
      </ul>
      {listed.leftOut > 0 && <p>{t('library.channels.leftOut', { n: listed.leftOut, max: listed.uploads.length })}</p>}
    </>
  );
}
