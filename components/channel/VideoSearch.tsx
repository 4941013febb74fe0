import { useMemo, useState } from 'preact/hooks';
import { MAX_QUERY_CHARS } from '../../utils/bounds';
import type { UploadRow } from '../../utils/channel/replies';
import { t } from '../../utils/i18n/catalogue';
import type { Send } from '../../utils/protocol/send';
import type { ServiceSearch } from '../../utils/video-search/replies';
import { checkRange } from '../../utils/video-search/time-range';
import { SearchBox } from './SearchBox';
import { ServiceOffer } from './ServiceOffer';
import { useLocalSearch } from './useLocalSearch';
import { LocalResults, ServiceResults } from './VideoSearchResults';

type Props = { channel: string; send: Send; uploads: UploadRow[]; selected: ReadonlySet<string> };

/**
 * "Search these videos": the selected videos (all listed ones when none is selected). Their saved transcripts
 * are searched as the person types, free and without a request; the selected ones without a saved transcript
 * can be searched by the service, priced first (./ServiceOffer.tsx). From/To narrow both.
 */
export function VideoSearch({ channel, send, uploads, selected }: Props) {
  const [query, setQuery] = useState('');
  const [fromText, setFromText] = useState('');
  const [toText, setToText] = useState('');
  const [rangeShown, setRangeShown] = useState(false);
  const [found, setFound] = useState<ServiceSearch | null>(null);

  const check = checkRange(fromText, toText);
  const range = check.ok ? check.range : null;
  const picked = useMemo(() => uploads.filter((u) => selected.has(u.id)).map((u) => u.id), [uploads, selected]);
  const scope = useMemo(() => (picked.length > 0 ? picked : uploads.map((u) => u.id)), [picked, uploads]);
  const titles = useMemo(() => new Map(uploads.map((u) => [u.id, u.title])), [uploads]);
  const local = useLocalSearch(send, channel, query, scope, range);
  const unsaved = local.state === 'done' ? local.result.unsaved.length : 0;
  const showRange = () => setRangeShown(true);

  return (
    <section class="tl-video-search" aria-label={t('channel.search.label')}>
      <div class="tl-load-row">
        <SearchBox label={t('channel.search.box')} maxLength={MAX_QUERY_CHARS} value={query} onValue={setQuery} />
        <label>
          {t('channel.search.from')}{' '}
          <input
            type="text"
            class="tl-time-field"
            placeholder="0:00"
            value={fromText}
            aria-invalid={!check.ok && check.field === 'from' && rangeShown}
            onInput={(e) => setFromText(e.currentTarget.value)}
            onBlur={showRange}
          />
        </label>
        <label>
          {t('channel.search.to')}{' '}
          <input
            type="text"
            class="tl-time-field"
            placeholder={t('channel.search.end')}
            value={toText}
            aria-invalid={!check.ok && check.field === 'to' && rangeShown}
            onInput={(e) => setToText(e.currentTarget.value)}
            onBlur={showRange}
          />
        </label>
      </div>
      <p class="tl-muted">
        {picked.length > 0
          ? t('channel.search.inSelected', { n: picked.length })
          : t('channel.search.inAll', { n: scope.length })}
      </p>
      {!check.ok && rangeShown && (
        <p class="tl-cost-warn" role="alert">
          {check.message}
        </p>
      )}
      <LocalResults local={local} titles={titles} />
      {picked.length === 0 && unsaved > 0 && <p class="tl-muted">{t('channel.search.unsaved', { n: unsaved })}</p>}
      <ServiceOffer
        channel={channel}
        send={send}
        search={{ selected: picked, query, range }}
        onBadRange={showRange}
        onFound={setFound}
      />
      {found && <ServiceResults found={found} titles={titles} send={send} />}
    </section>
  );
}
