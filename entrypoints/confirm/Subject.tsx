import { rangeText } from '../../components/channel/SearchResults';
import { count, plural } from '../../components/page/format';
import type { ConsentPending, ConsentSubject } from '../../utils/consent-replies';
import type { Estimate } from '../../utils/panel-replies';
import { formatTime } from '../../utils/timecode';

type Of<K extends ConsentSubject['kind']> = Extract<ConsentSubject, { kind: K }>;

export const MODES: Record<Estimate['mode'], string> = { quick: 'Quick', smart: 'Smart', deep: 'Deep', auto: 'Auto' };

export function heading(subject: ConsentSubject): string {
  if (subject.kind === 'analysis') return 'Analyze this video?';
  if (subject.kind === 'bulk') return 'Buy these transcripts?';
  return 'Search these videos on the service?';
}

/** The price as a person reads it: what it is per unit, and the worst case when the length is unknown. */
function analysisCost(e: Estimate): string {
  if (e.alreadyPaid) return 'Already analyzed: opening it costs nothing.';
  if (e.aiUnits === null) {
    const most = e.worstCase === null ? '' : `: up to ${count(e.worstCase)} AI Units`;
    return `${e.perMinute} AI Units per started minute of video (its length is not known yet${most})`;
  }
  const basis =
    e.partial && e.minutes !== null
      ? `first ${count(e.minutes)} min`
      : e.durationSeconds !== null
        ? formatTime(e.durationSeconds)
        : 'its length';
  return `≈ ${count(e.aiUnits)} AI Units (${basis} at ${e.perMinute} per minute)`;
}

function Analysis({ s }: { s: Of<'analysis'> }) {
  const e = s.estimate;
  return (
    <>
      <p>
        {s.title ?? 'Video'} <code>{s.videoId}</code> · {MODES[e.mode]} analysis
        {e.partial ? ', allowed minutes only' : ''}
      </p>
      <p class="cost">{analysisCost(e)}</p>
      <p class="muted">
        {e.aiUnits === null
          ? 'An analysis of unknown length always asks first.'
          : `Above your spending guard of ${count(e.guard)} AI Units (in the options).`}
      </p>
    </>
  );
}

function Bulk({ s }: { s: Of<'bulk'> }) {
  return (
    <>
      <p>
        Transcripts of {plural(s.selected, 'selected video')} of {s.title}, saved as {s.format.toUpperCase()}:{' '}
        {plural(s.cloudRequests, 'transcript')} to buy, {count(s.selected - s.cloudRequests)} already saved (free).
      </p>
      <p class="cost">{s.priceText}: 1 Cloud Request per transcript delivered</p>
      {s.mayHaveBeenCharged > 0 && (
        <p class="muted">
          {plural(s.mayHaveBeenCharged, 'of these videos', 'of these videos')} may already have been charged by an
          earlier request whose answer never arrived; buying again may charge{' '}
          {s.mayHaveBeenCharged === 1 ? 'it' : 'them'} again.
        </p>
      )}
      {s.sizeNote && <p class="muted">{s.sizeNote}</p>}
      <p class="muted">A video whose transcript cannot be had costs nothing.</p>
    </>
  );
}

function Search({ s }: { s: Of<'search'> }) {
  const calls = s.calls > 1 ? `, in ${s.calls} calls of up to ${s.perCall}` : '';
  return (
    <>
      <p>
        Search {s.title} for “{s.query}”{rangeText(s.range)} in {plural(s.videos.length, 'video')} without a saved
        transcript:
      </p>
      <ul class="videos">
        {s.videos.map((v) => (
          <li key={v.id}>{v.title}</li>
        ))}
      </ul>
      <p class="cost">
        {plural(s.cloudRequests, 'Cloud Request')}, 1 per video{calls}
      </p>
      <p class="muted">
        {s.held > 0 ? `${plural(s.held, 'video was', 'videos were')} searched for this before: free. ` : ''}
        Failed lookups cost nothing.
      </p>
    </>
  );
}

/** What is bought, its price and the balance it comes from. */
export function Subject({ view }: { view: ConsentPending }) {
  const { subject, balance, unit, price } = view;
  const one = unit.slice(0, -1);
  const short = balance !== null && balance > 0 && balance < price && subject.kind !== 'analysis';
  return (
    <>
      {subject.kind === 'analysis' && <Analysis s={subject} />}
      {subject.kind === 'bulk' && <Bulk s={subject} />}
      {subject.kind === 'search' && <Search s={subject} />}
      <p>{balance === null ? `Your ${one} balance is not known yet.` : `${plural(balance, one)} left.`}</p>
      {short && <p class="warn">Your balance covers only part of it: it stops when it runs out.</p>}
    </>
  );
}
