import type { BulkStatus } from '../../utils/channel-replies';
import { plural } from '../page/format';

type Props = { unknown: BulkStatus['unknown']; titles: ReadonlyMap<string, string> };

/**
 * Videos of a run whose batch may have been charged without its answer arriving (a timeout, an unreadable
 * answer, the worker stopped mid-request): each named with why, and what trying them again would cost. The
 * run never sends them again by itself.
 */
export function MayHaveCharged({ unknown, titles }: Props) {
  if (unknown.length === 0) return null;
  return (
    <div class="tl-unknown">
      <p>
        {plural(unknown.length, 'video')} may have been charged without {unknown.length === 1 ? 'its' : 'their'}{' '}
        transcript arriving; the download does not ask for {unknown.length === 1 ? 'it' : 'them'} again. Trying{' '}
        {unknown.length === 1 ? 'it' : 'them'} again costs {plural(unknown.length, 'Cloud Request')}.
      </p>
      <ul class="tl-failed" aria-label="May have been charged">
        {unknown.map((u) => {
          const title = titles.get(u.id);
          return (
            <li key={u.id}>
              {title ? `${title} [${u.id}]` : u.id}: {u.message}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
