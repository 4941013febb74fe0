import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { type ExportFormat, type ExportTranscript, exportFile, toTxt } from '../../utils/export';
import { t } from '../../utils/i18n/catalogue';
import type { TranscriptOk } from '../../utils/panel/replies';
import { formatTime } from '../../utils/timecode';
import type { PlayerBridge } from '../player';
import { CopyButton } from './CopyButton';
import { CueRow } from './CueRow';
import { buildCues } from './cues';
import { downloadFile } from './download';
import { ExportMenu } from './ExportMenu';
import { RangeBar, rangeLabel } from './RangeBar';
import { cutToRange, inCueRange, readRange } from './range';
import { SearchBar } from './SearchBar';
import { useFollow } from './useFollow';
import { useTranscriptSearch } from './useSearch';
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
  const search = useTranscriptSearch(cues.texts);
  const list = useRef<VirtualListHandle | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const follow = useFollow(player, cues.starts, list);
  const timestamps = useRef(true);
  const [typed, setTyped] = useState({ from: '', to: '' });
  const range = readRange(typed.from, typed.to);
  const part = range !== null && !('message' in range) ? range : null;
  const inPart = useMemo(
    () => (part ? cues.starts.filter((s) => inCueRange(s, part)).length : 0),
    [cues, part?.from, part?.to],
  );
  // The cue a shift-click ranges from: the last one clicked.
  const anchor = useRef<number | null>(null);
  const onRange = useCallback(
    (index: number) => {
      const at = anchor.current ?? index;
      const time = (i: number) => formatTime(cues.starts[i] ?? 0);
      setTyped({ from: time(Math.min(at, index)), to: time(Math.max(at, index)) });
    },
    [cues],
  );
  const chosen = () => (part ? cutToRange(forExport(data), part, rangeLabel(part)) : forExport(data));

  // During an ad a seek waits for the video (player bridge); say so, or the click looks ignored.
  const [afterAd, setAfterAd] = useState<number | null>(null);
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

  useEffect(() => {
    if (afterAd === null) return;
    return player.onTime(() => {
      if (!player.adShowing?.()) setAfterAd(null);
    });
  }, [afterAd, player]);

  const step = (by: 1 | -1) => {
    const match = search.step(by);
    if (!match) return;
    follow.pause();
    list.current?.scrollToIndex(match.cue, 'center');
  };
  // A new query shows its first match, like a browser's find; following would scroll it away again.
  const first = search.query.trim() ? search.matches[0] : undefined;
  useEffect(() => {
    if (!first) return;
    follow.pause();
    list.current?.scrollToIndex(first.cue, 'center');
  }, [first, follow.pause]);

  const onExport = (format: ExportFormat) => {
    if (!root.current) return;
    downloadFile(exportFile(format, chosen(), data.videoId, { timestamps: timestamps.current }), root.current);
  };

  const active = search.current;
  const renderRow = (index: number) => (
    <CueRow
      index={index}
      label={cues.label(index)}
      text={cues.texts[index] ?? ''}
      current={index === follow.current}
      query={search.query}
      activeMatch={active?.cue === index ? active.nth : -1}
      onSeek={onSeek}
      onRange={onRange}
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
      <div class="tl-actions">
        <CopyButton
          text={() => toTxt(chosen(), { timestamps: timestamps.current })}
          {...(part && { label: t('panel.tr.copyRange') })}
        />
        <label class="tl-check">
          <input
            type="checkbox"
            defaultChecked
            onChange={(event) => {
              timestamps.current = (event.currentTarget as HTMLInputElement).checked;
            }}
          />{' '}
          {t('panel.tr.timestamps')}
        </label>
        <ExportMenu onExport={onExport} {...(part && { label: t('panel.tr.downloadRange') })} />
      </div>
      {cues.starts.length > 0 && (
        <RangeBar
          from={typed.from}
          to={typed.to}
          range={range}
          count={inPart}
          onChange={(from, to) => setTyped({ from, to })}
        />
      )}
      {cues.starts.length === 0 && !data.text.trim() && <p class="tl-muted">{t('panel.tr.noCues')}</p>}
      {cues.starts.length === 0 && data.text.trim() && (
        // Paid for but untimed (a text-only answer): shown whole, never dropped.
        <>
          <p class="tl-muted">{t('panel.tr.untimed')}</p>
          <p class="tl-plain-text" dir="auto">
            {data.text}
          </p>
        </>
      )}
      <div class="tl-list-wrap" hidden={cues.starts.length === 0}>
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
