import { strToU8, zipSync } from 'fflate';
import { normalizeAnswer } from '../api/read/answer';
import { normalizeArtifact } from '../api/read/artifact';
import { MODE_LABEL } from '../i18n/labels';
import { type FileVideo, LIBRARY_FORMAT, LIBRARY_VERSION, type LibraryFile } from '../library/file';
import type { LibraryItem } from '../library/replies';
import type { NoteItem } from '../notes/model';
import { transcriptPassages } from '../search/documents';
import { formatTime } from '../timecode';
import { safeFilename } from './index';
import { escapeMarkdown, watchLink } from './markdown';
import { notesSection } from './notes-file';
import { frontMatter } from './yaml';

/**
 * A video's note for Obsidian, Logseq or Notion: YAML front-matter, then the summary, chapters, key points,
 * questions with their answers, the person's highlights and notes under their chapters, and the transcript,
 * every moment a deep link into the video.
 */
export type NoteSource = {
  item: LibraryItem;
  video: FileVideo;
  /** The person's highlights and notes on the video; by default those the library file carries (`video.notes`). */
  notes?: readonly NoteItem[];
};

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const link = (videoId: string, seconds: number | null) =>
  seconds === null ? '' : `[${formatTime(seconds)}](${watchLink(videoId, seconds)}) `;

function tags(item: LibraryItem): string[] {
  const out = ['youtube', 'transcript-lens'];
  if (item.analysis) out.push('analyzed');
  if (item.questions) out.push('questions');
  return out;
}

/** A markdown list of timestamped lines under its heading, each time a link to that moment; nothing when empty. */
function timedList(videoId: string, heading: string, lines: { time: number | null; text: string }[]): string[] {
  if (!lines.length) return [];
  return [heading, '', ...lines.map((l) => `- ${link(videoId, l.time)}${escapeMarkdown(l.text)}`), ''];
}

function analysisSections(videoId: string, artifact: unknown): string[] {
  const read = normalizeArtifact(artifact);
  const out: string[] = [];
  if (read.summary.length) out.push('## Summary', '', ...read.summary.map((p) => `${escapeMarkdown(p)}\n`));
  const chapters = read.chapters.map((c) => ({ time: c.start, text: c.title }));
  out.push(...timedList(videoId, '## Chapters', chapters), ...timedList(videoId, '## Key points', read.keyPoints));
  return out;
}

function questionSections(video: FileVideo): string[] {
  if (video.answers.length === 0) return [];
  const out = ['## Questions', ''];
  for (const entry of video.answers) {
    const read = normalizeAnswer(entry.answer);
    out.push(`### ${escapeMarkdown(entry.question)}`, '', `${escapeMarkdown(read.text) || '(no answer text)'}\n`);
    for (const c of read.citations) out.push(`- ${link(video.videoId, c.time)}${escapeMarkdown(c.quote)}`);
    if (read.citations.length) out.push('');
  }
  return out;
}

function transcriptSection(video: FileVideo): string[] {
  const track = video.transcripts[0];
  if (!track) return [];
  const passages = transcriptPassages(track.segments);
  return ['## Transcript', '', ...passages.map((p) => `${link(video.videoId, p.start)}${escapeMarkdown(p.text)}\n`)];
}

const chaptersOf = (video: FileVideo) => (video.analysis ? normalizeArtifact(video.analysis.artifact).chapters : []);

export function noteMarkdown({ item, video, notes = video.notes ?? [] }: NoteSource): string {
  const title = item.title ?? `Video ${item.videoId}`;
  const fields = {
    title,
    url: watchLink(item.videoId),
    channel: item.channel,
    published: null,
    saved: day(item.savedAt),
    language: item.languageCode,
    captions: item.isGenerated === null ? null : item.isGenerated ? 'automatic' : 'human',
    analysis: item.analysis?.mode ? MODE_LABEL[item.analysis.mode] : null,
    tags: tags(item),
  };
  const body = [
    `# ${escapeMarkdown(title)}`,
    '',
    `<${watchLink(item.videoId)}>\n`,
    ...(video.analysis ? analysisSections(item.videoId, video.analysis.artifact) : []),
    ...questionSections(video),
    ...notesSection(item.videoId, notes, chaptersOf(video)),
    ...transcriptSection(video),
  ];
  return `${frontMatter(fields)}\n${body.join('\n')}`;
}

export function noteFilename(item: LibraryItem): string {
  return safeFilename(item.title, item.videoId, 'md');
}

/** One note per video, names made unique (Windows compares them without case). */
export function notesZip(sources: readonly NoteSource[]): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const taken = new Set<string>();
  for (const source of sources) {
    let name = noteFilename(source.item);
    for (let n = 2; taken.has(name.toLowerCase()); n++)
      name = safeFilename(source.item.title, `${source.item.videoId}-${n}`, 'md');
    taken.add(name.toLowerCase());
    files[name] = strToU8(noteMarkdown(source));
  }
  return zipSync(files, { level: 6, mtime: new Date() });
}

/** The JSON export of a selection: what an import accepts back. */
export function libraryFile(videos: readonly FileVideo[], now = new Date()): LibraryFile {
  return { format: LIBRARY_FORMAT, version: LIBRARY_VERSION, exportedAt: now.toISOString(), videos: [...videos] };
}
