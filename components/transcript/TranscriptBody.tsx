import { useCallback, useMemo, useRef } from 'preact/hooks';
import { type ExportFormat, type ExportTranscript, exportFile, toTxt } from '../../utils/export';
import { t } from '../../utils/i18n/catalogue';
import { momentOf } from '../../utils/notes/order';
import type { TranscriptOk } from '../../utils/panel/replies';
import { formatTime } from '../../utils/timecode';
import { HighlightBar } from '../notes/HighlightBar';
import { useTranscriptNotes } from '../notes/useTranscriptNotes';
import type { PlayerBridge } from '../player';
import { CueRow } from './CueRow';
import { buildCues } from './cues';
import { downloadFile } from './download';
import { RangeBar, rangeLabel } from './RangeBar';
import { cutToRange, inCueRange } from './range';
import { SearchBar } from './SearchBar';
import { TranscriptActions } from './TranscriptActions';
import { Untimed } from './Untimed';
import { useAfterAd } from './useAfterAd';
import { useCueRange } from './useCueRange';
import { useFollow } from './useFollow';
import { useTranscriptSearch } from './useSearch';
import { useSearchScroll } from './useSearchScroll';
import { VirtualList, type VirtualListHandle } from './VirtualList';

export const LIST_HEIGHT = 420;
const ROW_ESTIMATE = 40;

interface Props {
  data: TranscriptOk;
  player: PlayerBridge;
}

function forExport(data: TranscriptOk): ExportTranscript {
  const { videoId, title, author, language, languageCode, isGenerated, text, segments } = data;
  return { id: videoId, title, author, language, languageCode, isGenerated, text, segments };
}

/** A loaded transcript: search, copy/download (all of it or a range), and the followed, virtualized cue list. */
export function TranscriptBody({ data, player }: Props) {
  const cues = useMemo(() => buildCues(data.segments), [data.segments]);
  const search = useTranscriptSearch(cues.texts, data.languageCode || undefined);
  const list = useRef<VirtualListHandle | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const follow = useFollow(player, cues.starts, list);
  const timestamps = useRef(true);
  const { typed, setTyped, range, part, inPart, anchor, onRange } = useCueRange(cues);
  const chosen = () => (part ? cutToRange(forExport(data), part, rangeLabel(part)) : forExport(data));

  const [afterAd, setAfterAd] = useAfterAd(player);
  const onSeek = useCallback(
    (index: number) => {
      const at = cues.starts[index] ?? 0;
      anchor.current = index;
      setAfterAd(player.adShowing?.() ? at : null);
      player.seek(at);
      follow.jumpTo(index);
    },
    [player, cues, follow.jumpTo],
  );

  const step = useSearchScroll(search, follow.pause, list);
  const notes = useTranscriptNotes(cues, follow.current);

  const onExport = (format: ExportFormat) => {
    if (!root.current) return;
    const kept = part ? notes.items.filter((item) => inCueRange(momentOf(item), part)) : notes.items;
    const options = { timestamps: timestamps.current, notes: kept };
    downloadFile(exportFile(format, chosen(), data.videoId, options), root.current);
  };

  const active = search.current;
  const renderRow = (index: number) => (
    <CueRow
      index={index}
      label={cues.label(index)}
      text={cues.texts[index] ?? ''}
      current={index === follow.current}
      searching={search.query.trim() !== ''}
      found={search.found}
      lang={data.languageCode || undefined}
      activeMatch={active?.cue === index ? active.nth : -1}
      onSeek={onSeek}
      onRange={onRange}
      kept={notes.keptOf(index)}
    />
  );

  return (
    <div class="tl-transcript-body" ref={root}>
      <SearchBar
        query={search.query}
        active={search.active}
        total={search.matches.length}
        onQuery={search.setQuery}
        onStep={step}
        onFocus={search.prepare}
      />
      {afterAd !== null && (
        <p class="tl-note" role="status">
          {t('panel.tr.afterAd', { time: formatTime(afterAd) })}
        </p>
      )}
      <TranscriptActions
        copyText={() => toTxt(chosen(), { timestamps: timestamps.current })}
        onExport={onExport}
        ranged={part !== null}
        timestamps={timestamps}
      />
      {cues.starts.length > 0 && (
        <RangeBar
          from={typed.from}
          to={typed.to}
          range={range}
          count={inPart}
          onChange={(from, to) => setTyped({ from, to })}
        />
      )}
      {cues.starts.length === 0 && <Untimed text={data.text} />}
      {notes.enabled && cues.starts.length > 0 && <HighlightBar onKeep={notes.keepSelection} said={notes.said} />}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: H on a cue (a button inside) keeps it as a highlight. */}
      <div class="tl-list-wrap" hidden={cues.starts.length === 0} onKeyDown={notes.onListKey}>
        <VirtualList
          count={cues.starts.length}
          estimate={ROW_ESTIMATE}
          height={LIST_HEIGHT}
          renderRow={renderRow}
          onUserScroll={follow.pause}
          handleRef={list}
        />
        {!follow.following && follow.current >= 0 && (
          <button type="button" class="tl-button tl-back" onClick={follow.backToCurrent}>
            {t('panel.tr.back')}
          </button>
        )}
      </div>
    </div>
  );
}
