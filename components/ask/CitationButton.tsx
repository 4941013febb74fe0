import type { CitationView } from '../../utils/api/answer';
import type { CitationStatus } from '../../utils/citations';
import { formatTime } from '../../utils/timecode';
import { KIND_LABEL } from '../analysis/ArtifactSections';

/** Our own check of a citation; 'unchecked' when there is no transcript, 'pending' while it loads. */
export type CheckState = CitationStatus | 'unchecked' | 'pending';

function checkLabel(state: CheckState, kind: CitationView['kind']): string {
  if (state === 'checked') return 'checked';
  if (state === 'pending') return 'checking…';
  if (state === 'unchecked') return 'not checked (no transcript)';
  return kind === 'visual' ? 'no matching frame in the analysis' : 'not found in transcript';
}

type Props = { citation: CitationView; check: CheckState; durationSeconds?: number; onSeek: (t: number) => void };

/** A citation: a seek button named by its time when the time is inside this video, its kind, quote and check. */
export function CitationButton({ citation, check, durationSeconds, onSeek }: Props) {
  const { time, kind, quote } = citation;
  const inVideo = time !== null && (durationSeconds === undefined || time <= durationSeconds);
  const mark = KIND_LABEL[kind];
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
      <span class={`tl-verify tl-verify-${check}`}>{checkLabel(check, kind)}</span>
    </li>
  );
}
