import { failureMix } from './failure-mix';
import { createRng, hashString } from './prng';
import { ENGLISH_TOPICS, JAPANESE_TOPIC, SPANISH_TOPIC, type Style, type Topic } from './words';

/** One caption track of a video. `style` chooses the sentence language of the generated cues. */
export type Track = { languageCode: string; language: string; isGenerated: boolean; style: Style };

/** Why a video cannot be read (transcripts) or started (analysis). */
export type VideoProblem = 'transcripts_disabled' | 'age_restricted' | 'video_unavailable' | 'video_unplayable';

export type Video = {
  id: string;
  title: string;
  author: string;
  durationSeconds: number;
  topic: Topic;
  /** Caption tracks; the first is the video's own language. Empty: captionless (audio transcription). */
  tracks: Track[];
  /** Blocks transcripts; blocks analysis too unless it is only transcripts_disabled. */
  problem?: VideoProblem;
  /** Lookups per account that fail (with `flakyError`, default fetch_failed) before one succeeds. */
  flakyFailures?: number;
  flakyError?: string;
  /** Seconds between stored frames. */
  frameEvery: number;
  /** Scene changes per minute: auto mode picks deep for fast-paced short videos. */
  visualPace: number;
  /** Average caption cue length in seconds. */
  cueSeconds: number;
};

export const AUTHOR = 'TVA Demo';
const EN: Track = { languageCode: 'en', language: 'English', isGenerated: false, style: 'en' };
const EN_AUTO: Track = { ...EN, language: 'English (auto-generated)', isGenerated: true };
const ES: Track = { languageCode: 'es', language: 'Spanish', isGenerated: false, style: 'es' };
const ES_AUTO: Track = { ...ES, language: 'Spanish (auto-generated)', isGenerated: true };
const JA: Track = { languageCode: 'ja', language: 'Japanese', isGenerated: false, style: 'ja' };

const topic = (index: number): Topic => ENGLISH_TOPICS[index % ENGLISH_TOPICS.length] ?? SPANISH_TOPIC;

function video(id: string, title: string, durationSeconds: number, extra: Partial<Video> = {}): Video {
  return {
    id,
    title,
    author: AUTHOR,
    durationSeconds,
    topic: topic(hashString(id)),
    tracks: [EN],
    frameEvery: 5,
    visualPace: 4,
    cueSeconds: 4,
    ...extra,
  };
}

/** The fixed catalog: one video per situation the extension must handle. */
export const CATALOG: ReadonlyMap<string, Video> = new Map(
  [
    video('tvaHuman001', 'Distributed Systems: An Introduction', 624, {
      topic: topic(0),
      tracks: [EN, ES_AUTO],
      frameEvery: 4,
      visualPace: 12,
    }),
    video('tvaAutoGen1', 'Home Espresso Basics', 450, { topic: topic(1), tracks: [EN_AUTO] }),
    video('tvaSpanish1', 'Cocina mediterránea en casa', 480, { topic: SPANISH_TOPIC, tracks: [ES] }),
    video('tvaJapanes1', '大阪の新しい図書館', 300, { topic: JAPANESE_TOPIC, tracks: [JA] }),
    video('tvaNoCapti1', 'Urban Gardening on a Balcony', 340, { topic: topic(2), tracks: [] }),
    video('tvaDisable1', 'Astronomy Night Live', 300, { topic: topic(3), problem: 'transcripts_disabled' }),
    video('tvaAgeRest1', 'Personal Finance After Dark', 420, { topic: topic(4), problem: 'age_restricted' }),
    video('tvaPrivate1', 'Members-Only Rust Q&A', 600, { topic: topic(5), problem: 'video_unavailable' }),
    video('tvaFlaky001', 'Consensus in Five Minutes', 360, { topic: topic(0), flakyFailures: 2 }),
    video('tvaUnplay01', 'Broken Upload', 240, { topic: topic(1), problem: 'video_unplayable' }),
    video('tvaLong4h01', 'Four-Hour Rust Workshop', 4 * 3600, { topic: topic(5), cueSeconds: 2.4, visualPace: 2 }),
    video('tvaLong3h01', 'Three-Hour Systems Seminar', 3 * 3600, { topic: topic(0), visualPace: 2 }),
    video('tvaMarathn1', 'Nine-Hour Astronomy Marathon', 9 * 3600, { topic: topic(3), visualPace: 1 }),
  ].map((v) => [v.id, v]),
);

const SUBTITLES = ['A Practical Guide', 'Common Mistakes', 'Explained Simply', 'Deep Dive', 'Questions Answered'];

/** Any other well-formed id: a deterministic English video of 5 to 20 minutes. */
function generated(id: string): Video {
  const rng = createRng(`video:${id}`);
  const chosen = topic(hashString(id));
  return video(id, `${chosen.name}: ${rng.pick(SUBTITLES)}`, rng.int(300, 1200), {
    topic: chosen,
    visualPace: rng.int(1, 12),
    ...failureMix(id),
  });
}

export function findVideo(id: string): Video {
  return CATALOG.get(id) ?? generated(id);
}

/** The track for a preferred language: that language (human before automatic), else the video's own. */
export function chooseTrack(video: Video, lang: string): Track | undefined {
  const wanted = lang.toLowerCase();
  const matching = video.tracks.filter((t) => t.languageCode.toLowerCase() === wanted);
  return matching.find((t) => !t.isGenerated) ?? matching[0] ?? video.tracks[0];
}

/** Transcription from audio of a captionless video: automatic English. */
export const AUDIO_TRACK: Track = EN_AUTO;
