import type { Video } from './catalog';
import type { JobRecord } from './jobs';
import { clock, type Frame, framesFor, speechFor } from './media';
import type { Artifact } from './response-schemas';

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

function chapterCount(job: JobRecord): number {
  const base = Math.round(job.analyzedSeconds / 120);
  if (job.mode === 'quick') return Math.min(6, Math.max(2, Math.round(base / 2)));
  if (job.mode === 'deep') return Math.min(16, Math.max(3, Math.round(base * 1.5)));
  return Math.min(12, Math.max(2, base));
}

function nounCounts(video: Video, texts: readonly string[]): [string, number][] {
  const all = texts.join(' ').toLowerCase();
  return video.topic.nouns
    .map((noun): [string, number] => [noun, all.split(noun.toLowerCase()).length - 1])
    .sort((a, b) => b[1] - a[1]);
}

const nearestFrame = (frames: readonly Frame[], time: number): Frame | undefined =>
  frames.reduce<Frame | undefined>(
    (best, f) => (!best || Math.abs(f.time - time) < Math.abs(best.time - time) ? f : best),
    undefined,
  );

/** A deterministic artifact from the video's speech and frames, limited to the analysed seconds. */
export function buildArtifact(video: Video, job: JobRecord): Artifact {
  const limit = job.analyzedSeconds;
  const segments = speechFor(video, job.lang).filter((s) => s.start < limit);
  const frames = framesFor(video).filter((f) => f.time < limit);
  const count = chapterCount(job);
  const perChapter = job.mode === 'deep' ? 2 : 1;
  const chapters: Artifact['chapters'] = [];
  const keyPoints: Artifact['keyPoints'] = [];
  const evidence: Artifact['evidence'] = [];
  for (let i = 0; i < count; i++) {
    const start = Math.round((limit * i) / count);
    const end = Math.round((limit * (i + 1)) / count);
    const inside = segments.filter((s) => s.start >= start && s.start < end);
    const used = new Set(chapters.map((c) => c.title.toLowerCase()));
    const ranked = nounCounts(
      video,
      inside.map((s) => s.text),
    ).map(([noun]) => noun);
    const top =
      ranked.find((noun) => !used.has(noun.toLowerCase())) ?? `${ranked[0] ?? video.topic.name} (part ${i + 1})`;
    const title = i === 0 ? 'Introduction' : i === count - 1 ? 'Conclusion' : capitalize(top);
    chapters.push({ title, start, end });
    const middle = inside[Math.floor(inside.length / 2)];
    if (middle) keyPoints.push({ text: middle.text, time: middle.start });
    for (let k = 0; k < perChapter; k++) {
      const cue = inside[Math.floor(((k + 1) * inside.length) / (perChapter + 2))];
      if (cue) evidence.push({ kind: 'speech', time: cue.start, text: cue.text });
      const frame = nearestFrame(frames, start + ((k + 1) * (end - start)) / (perChapter + 1));
      if (frame) evidence.push({ kind: 'visual', time: frame.time, text: frame.description });
    }
  }
  return {
    summary: summarize(
      video,
      job,
      chapters,
      segments.map((s) => s.text),
      frames.length,
    ),
    chapters,
    keyPoints,
    evidence,
  };
}

function summarize(
  video: Video,
  job: JobRecord,
  chapters: Artifact['chapters'],
  texts: string[],
  frames: number,
): string {
  const [first, second] = nounCounts(video, texts);
  const paragraphs = [
    `This ${clock(video.durationSeconds)} video on ${video.topic.name.toLowerCase()} by ${video.author} opens with an introduction and moves through ${chapters.length} chapters: ${chapters.map((c) => c.title).join(', ')}.`,
    `The speaker spends the most time on ${first?.[0] ?? 'the main topic'} and ${second?.[0] ?? 'its details'}, explaining each with examples and returning to them in the conclusion.`,
    `On screen, ${frames} stored frames show slides, diagrams and demonstrations that support the spoken explanation.`,
  ];
  if (job.analyzedSeconds < video.durationSeconds) {
    paragraphs.push(`Partial analysis: only the first ${Math.round(job.analyzedSeconds / 60)} minutes were analysed.`);
  }
  return paragraphs.join('\n\n');
}
