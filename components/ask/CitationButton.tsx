import type { Citation } from '../../utils/api/read/answer';
import type { CitationStatus } from '../../utils/citations';
import { KIND_LABEL } from '../../utils/labels';
import { formatTime } from '../../utils/timecode';

/** Our own check of a citation; 'unchecked' when there is no transcript, 'pending' while it loads. */
export type CheckState = CitationStatus | 'unchecked' | 'pending';

/**
 * The service verified every citation it returns (spec: Citation rules), so that is what is shown. Our own
 * check is a second opinion that may only add: it never calls a verified claim unbacked (we cannot see the
 * stored frames the service checks visual claims against).
 */
function secondOpinion(state: CheckState, kind: Citation['kind'], time: number | null): string | null {
  if (state === 'pending') return 'checking the transcript…';
  if (state !== 'checked') return null;
  const at = time === null ? '' : ` near ${formatTime(time)}`;
  return kind === 'visual' ? `matches analysis evidence${at}` : `quote found in the transcript${at}`;
}

type Props = { citation: Citation; check: CheckState; durationSeconds?: number; onSeek: (t: number) => void };

/** A citation: a seek button named by its time when the time is inside this video, its kind, quote and check. */
export function CitationButton({ citation, check, durationSeconds, onSeek }: Props) {
  const { time, kind, quote } = citation;
  const inVideo = time !== null && (durationSeconds === undefined || time <= durationSeconds);
  const mark = KIND_LABEL[kind];
  const opinion = secondOpinion(check, kind, time);
  return (
    <li class="tl-citation" data-check={check}>
      {inVideo ? (
        <button type="button" class="tl-cite-time" onClick={() => onSeek(time)}>
          {formatTime(time)}
        </button>
      ) : (
        <span class="tl-cite-missing">time not in this video</span>
      )}
      {mark && <span class={`tl-kind tl-kind-${kind}`}>{mark}</span>}
      {quote && <q class="tl-quote">{quote}</q>}
      <span class="tl-verify">verified by the service</span>
      {opinion && <span class={`tl-second tl-second-${check}`}>{opinion}</span>}
    </li>
  );
}
