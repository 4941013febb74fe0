import { type Account, aiRemaining } from './accounts';
import { chargeAi, chargeCloud, startedMinutes } from './billing';
import { AUDIO_TRACK, chooseTrack, findVideo, type Track, type Video } from './catalog';
import { MESSAGES, type Refusal, refuse } from './errors';
import { PRICES } from './prices';
import type { TranscriptResult } from './response-schemas';
import type { ServiceState } from './state';
import { storedTranscript } from './stored-transcripts';
import { videoIdOf } from './video-id';

/** The per-video error codes this service sends (spec: Per-video error codes), with their messages. */
export const VIDEO_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  invalid_id: 'Not a video id or video URL.',
  no_transcript: 'This video has no captions. Transcription from audio needs a paid plan or an AI top-up.',
  transcripts_disabled: 'The uploader has disabled transcripts for this video.',
  video_unavailable: 'The video is private, members-only or removed.',
  age_restricted: 'The video is age-restricted and cannot be read.',
  video_unplayable: 'The video cannot be played.',
  fetch_failed: 'Fetching the captions failed. Try again later.',
  ip_blocked: 'The video site blocked the fetch. Try again later.',
  request_blocked: 'The video site refused the request. Try again later.',
  service_paused: 'Transcript fetching is paused for a moment. Try again later.',
  internal: 'Reading this video failed on our side. Try again later.',
};

type Planned =
  | { kind: 'failure'; id: string; error: string; flakyKey?: string }
  | { kind: 'success'; video: Video; track: Track; ai: number; transcribeKey?: string; flakyKey?: string };

function failure(id: string, error: string, flakyKey?: string): Planned {
  return { kind: 'failure', id, error, ...(flakyKey ? { flakyKey } : {}) };
}

/** Decides every entry without changing state, so a refused request consumes nothing. */
function plan(state: ServiceState, account: Account, raw: string, lang: string, seen: Map<string, number>): Planned {
  const id = videoIdOf(raw);
  if (!id) return failure(raw, 'invalid_id');
  const video = findVideo(id);
  if (video.problem) return failure(id, video.problem);
  const key = `${account.token}:${id}`;
  let flakyKey: string | undefined;
  if (video.flakyFailures) {
    const attempts = (state.flakyAttempts.get(key) ?? 0) + (seen.get(key) ?? 0);
    seen.set(key, (seen.get(key) ?? 0) + 1);
    flakyKey = key;
    if (attempts < video.flakyFailures) return failure(id, video.flakyError ?? 'fetch_failed', key);
  }
  const track = chooseTrack(video, lang);
  if (track) return { kind: 'success', video, track, ai: 0, ...(flakyKey ? { flakyKey } : {}) };
  if (account.plan === 'free' && account.aiTopUp <= 0) return failure(id, 'no_transcript');
  const replay = state.transcribed.has(key) || seen.has(`t:${key}`);
  seen.set(`t:${key}`, 1);
  const ai = replay ? 0 : PRICES.audioAiUnitsPerMinute * startedMinutes(video.durationSeconds);
  return { kind: 'success', video, track: AUDIO_TRACK, ai, transcribeKey: key };
}

/**
 * Delivers a batch of transcripts: per-item failures free, `perVideo` Cloud Requests per delivered transcript
 * (search_transcript charges per video searched, at its own price).
 */
export function deliverTranscripts(
  state: ServiceState,
  account: Account,
  ids: readonly string[],
  lang: string,
  reason: string,
  perVideo: number = PRICES.cloudRequestsPerTranscript,
): TranscriptResult[] | Refusal {
  const seen = new Map<string, number>();
  const planned = ids.map((raw) => plan(state, account, raw, lang, seen));
  const delivered = planned.filter((p) => p.kind === 'success');
  const ai = delivered.reduce((sum, p) => sum + p.ai, 0);
  if (delivered.length * perVideo > account.cloudRequests)
    return refuse(402, 'insufficient_cloud_requests', MESSAGES.noCloud);
  const aiAvailable = account.plan === 'free' ? account.aiTopUp : aiRemaining(account);
  if (ai > aiAvailable) return refuse(402, 'insufficient_ai_units', MESSAGES.noAi);
  return planned.map((p): TranscriptResult => {
    if (p.flakyKey) state.flakyAttempts.set(p.flakyKey, (state.flakyAttempts.get(p.flakyKey) ?? 0) + 1);
    if (p.kind === 'failure') return { id: p.id, error: p.error, message: VIDEO_ERROR_MESSAGES[p.error] ?? p.error };
    const { video, track } = p;
    chargeCloud(state, account, perVideo, reason, video.id);
    if (p.transcribeKey) state.transcribed.add(p.transcribeKey);
    // The Free monthly allowance does not cover transcription: a Free account pays from its top-up.
    chargeAi(state, account, p.ai, 'audio_transcription', video.id, account.plan === 'free');
    return storedTranscript(video, track);
  });
}
