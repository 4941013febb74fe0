import type { BulkStatus } from '../../utils/channel/replies';
import { t } from '../../utils/i18n/catalogue';

type Props = { unknown: BulkStatus['unknown']; titles: ReadonlyMap<string, string> };

/**
 * Videos of a run whose batch may have been charged without its answer arriving (a timeout, an unreadable
 * answer, the worker stopped mid-request): each named with why, and what trying them again would cost. The
 * run never sends them again by itself.
 */
export function RunMayHaveCharged({ unknown, titles }: Props) {
  if (unknown.length === 0) return null;
  return (
    <div class="tl-unknown">
      <p>{t('channel.run.unknown', { n: unknown.length })}</p>
      <ul class="tl-failed" aria-label={t('channel.run.unknownLabel')}>
        {unknown.map((u) => {
          const title = titles.get(u.id);
          return (
            <li key={u.id}>
              {title ? (
                <>
                  <bdi>{title}</bdi> <span dir="ltr">[{u.id}]</span>
                </>
              ) : (
                <span dir="ltr">{u.id}</span>
              )}
              : <span dir="auto">{u.message}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
