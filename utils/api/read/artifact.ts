/**
 * The analysis artifact's inner structure is "not shown" in the spec, so it is read leniently into one shape
 * the UI can render. The server's canonical shape is
 * `{ summary, chapters: [{title, start, end}], keyPoints: [{text, time}], evidence: [{kind, time, text}] }`,
 * but other casings, aliases and item shapes are accepted, and whatever cannot be classified lands in `other`.
 */
import { t } from '../../i18n/catalogue';
import { capped, type Item, type Kind, readItems } from './items';
import type { Dict, OtherEntry } from './lenient';
import {
  entries,
  flatten,
  humanLabel,
  isEmpty,
  isRecord,
  MAX_ITEMS,
  MAX_JSON_TEXT,
  META_KEYS,
  normKey,
  shownText,
  TEXT_KEYS,
  textOf,
  words,
} from './lenient';

export interface Artifact {
  summary: string[];
  chapters: { title: string; start: number | null }[];
  keyPoints: { text: string; time: number | null }[];
  evidence: { kind: Kind; time: number | null; text: string }[];
  other: OtherEntry[];
}

type Section = 'summary' | 'chapters' | 'keyPoints' | 'evidence';

const SECTION_BY_KEY = new Map<string, Section>([
  ...words('summary overview tldr description abstract synopsis').map((k) => [k, 'summary'] as const),
  ...words('chapters sections outline toc tableofcontents').map((k) => [k, 'chapters'] as const),
  ...words('keypoints highlights takeaways keytakeaways points bullets keyideas mainpoints').map(
    (k) => [k, 'keyPoints'] as const,
  ),
  ...words('evidence timestamps citations moments quotes').map((k) => [k, 'evidence'] as const),
]);
/**
 * Whether a field of a job body is one of the artifact's sections, by a name no job field would use otherwise: a
 * body with them at its top level (`{ jobId, status, summary, chapters }`) carries its artifact flat. `description`
 * and other words a job could use for the video itself are left out.
 */
export function isFlatSectionKey(key: string): boolean {
  const norm = normKey(key);
  return SECTION_BY_KEY.has(norm) && !FLAT_AMBIGUOUS.has(norm);
}
const FLAT_AMBIGUOUS = new Set(words('description abstract points bullets quotes timestamps'));

const WRAPPER_KEYS = new Set(words('artifact analysis result data output'));
const EVIDENCE_TEXT_KEYS = words('quote text caption excerpt').concat(TEXT_KEYS);
const MAX_OTHER = 100;
const MAX_NESTING = 4;

export function emptyArtifact(): Artifact {
  return { summary: [], chapters: [], keyPoints: [], evidence: [], other: [] };
}

function paragraphs(value: unknown): string[] {
  if (typeof value === 'string')
    return value
      .split(/\r?\n\s*\r?\n/)
      .map((p) => textOf(p))
      .filter(Boolean);
  if (Array.isArray(value))
    return value.slice(0, MAX_ITEMS).flatMap((v) => (typeof v === 'string' ? paragraphs(v) : paragraphs(shownText(v))));
  const text = textOf(value);
  return text ? paragraphs(text) : [flatten(value)].filter(Boolean);
}

class Reader {
  readonly artifact = emptyArtifact();
  private otherCount = 0;
  constructor(private readonly durationSeconds?: number) {}

  note(label: string, text: string): void {
    if (this.otherCount++ < MAX_OTHER) this.artifact.other.push({ label, text });
  }

  items(value: unknown, section: Section): Item[] {
    const other: OtherEntry[] = [];
    const keys = section === 'evidence' ? EVIDENCE_TEXT_KEYS : TEXT_KEYS;
    const list = readItems(value, {
      label: t('errors.read.section', { section }),
      other,
      durationSeconds: this.durationSeconds,
      keys,
    });
    for (const o of other) this.note(o.label, o.text);
    return list;
  }

  section(section: Section, value: unknown): void {
    const v = this.artifact;
    if (section === 'summary') v.summary.push(...paragraphs(value));
    else if (section === 'chapters')
      v.chapters.push(...this.items(value, section).map((i) => ({ title: i.text, start: i.time })));
    else if (section === 'keyPoints')
      v.keyPoints.push(...this.items(value, section).map(({ text, time }) => ({ text, time })));
    else v.evidence.push(...this.items(value, section).map(({ kind, time, text }) => ({ kind, time, text })));
  }

  read(raw: unknown, depth: number): void {
    if (isEmpty(raw)) return;
    if (depth > MAX_NESTING) this.note('Analysis', flatten(raw));
    else if (typeof raw === 'string') this.readString(raw, depth);
    else if (Array.isArray(raw)) this.readList(raw, depth);
    else if (isRecord(raw)) this.readRecord(raw, depth);
    else this.note('Analysis', flatten(raw));
  }

  /** A bare list: objects carrying section keys are merged, anything else is read as key points. */
  private readList(raw: unknown[], depth: number): void {
    const loose: unknown[] = [];
    for (const el of capped(raw, 'Analysis', this.artifact.other)) {
      if (isRecord(el) && entries(el).some(([k]) => SECTION_BY_KEY.has(normKey(k)))) this.read(el, depth + 1);
      else loose.push(el);
    }
    if (loose.length) this.section('keyPoints', loose);
  }

  /** Prose becomes the summary; a JSON-encoded artifact is decoded first. */
  private readString(raw: string, depth: number): void {
    const text = raw.trim();
    let parsed: unknown;
    if (/^[[{]/.test(text) && text.length <= MAX_JSON_TEXT) {
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON after all: it is prose
      }
    }
    if (parsed !== undefined) this.read(parsed, depth + 1);
    else this.section('summary', raw);
  }

  private readRecord(raw: Dict, depth: number): void {
    const fields = entries(raw);
    for (const [key, value] of fields) {
      if (isEmpty(value)) continue;
      const norm = normKey(key);
      const section = SECTION_BY_KEY.get(norm);
      if (section) this.section(section, value);
      else if (WRAPPER_KEYS.has(norm) && typeof value !== 'number' && typeof value !== 'boolean')
        this.read(value, depth + 1);
      else if (!META_KEYS.has(norm)) this.note(humanLabel(key), flatten(value));
    }
    const total = Object.keys(raw).length;
    if (total > fields.length) this.note('Analysis', `${total - fields.length} more fields were not read.`);
  }

  finish(): Artifact {
    const v = this.artifact;
    for (const section of ['summary', 'chapters', 'keyPoints', 'evidence'] as const) {
      const list = v[section];
      if (list.length > MAX_ITEMS) {
        this.note(
          t('errors.read.section', { section: section satisfies Section }),
          t('errors.read.showingFirst', { max: MAX_ITEMS, n: list.length }),
        );
        list.length = MAX_ITEMS;
      }
    }
    if (this.otherCount > MAX_OTHER)
      v.other.push({
        label: t('errors.read.section', { section: 'analysis' }),
        text: t('errors.read.moreEntries', { n: this.otherCount - MAX_OTHER }),
      });
    return v;
  }
}

/** Reads any artifact-ish value into an Artifact. Never throws; null/undefined give an empty one. */
export function normalizeArtifact(raw: unknown, opts: { durationSeconds?: number } = {}): Artifact {
  const reader = new Reader(opts.durationSeconds);
  try {
    reader.read(raw, 0);
  } catch {
    reader.note(t('errors.read.section', { section: 'analysis' }), t('errors.read.analysisPart'));
  }
  return reader.finish();
}
