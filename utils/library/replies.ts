import type { AnalysisMode } from '../api/schemas';
import type { DocKind } from '../search/documents';

/** What the library page is told about each video the extension holds (for the current account). */
export type LibraryItem = {
  videoId: string;
  title: string | null;
  channel: string | null;
  /** The newest time anything of this video was saved (ms). */
  savedAt: number;
  language: string | null;
  languageCode: string | null;
  /** Automatic captions (true) or a human-authored track (false); null without a transcript. */
  isGenerated: boolean | null;
  transcript: { tracks: number; bytes: number; durationSeconds: number | null } | null;
  analysis: {
    mode: AnalysisMode | null;
    partial: boolean;
    bytes: number;
    /** What starting it again would cost, when the mode and length are known. */
    aiUnits: number | null;
  } | null;
  questions: { count: number; bytes: number } | null;
  bytes: number;
  /** How many notes and highlights the person keeps on it (absent: none); a video may be listed for them alone. */
  notes?: number;
  /** Listed from what is held (keys and sizes) while the library reads the video: no title, no questions yet. */
  pending?: true;
};

/** How far a long piece of the library's work is: `done` of `total` videos. */
export type LibraryProgress = { done: number; total: number };

export type LibraryList = {
  items: LibraryItem[];
  hasAccount: boolean;
  /**
   * While a library never listed (or a large import) is read and indexed: how far each is. The list holds
   * every video meanwhile and the search covers the videos indexed so far.
   */
  progress?: { reading: LibraryProgress | null; indexing: LibraryProgress | null };
  /**
   * Present when `items` is only the newest of more (a list asked with `first`): how many videos and bytes the
   * whole list holds. The page shows those items and asks for the rest.
   */
  more?: { count: number; bytes: number };
};

/** One search result, ready to show: an excerpt with the matched words' spans, and the moment it opens at. */
export type LibraryHit = {
  videoId: string;
  kind: DocKind;
  /** Seconds: the cue of the match, else the part's own moment; null opens the video at its start. */
  at: number | null;
  title: string;
  channel: string;
  text: string;
  spans: [number, number][];
};

export type LibraryRemoved = { removed: number; list: LibraryList };

/** `notes`: highlights and notes, merged by id (added: new, or a newer edit of one held). */
export type ImportCounts = { transcripts: number; analyses: number; answers: number; notes?: number };

/** What an import of a file does: shown before anything is written (preview), and reported after. */
export type ImportSummary = {
  videos: number;
  /** New here: what the import writes. */
  adds: ImportCounts;
  /** In the file and already held here: kept as they are, never replaced by the file's. */
  keeps: ImportCounts;
  /** Answers with no analysis of the video here to be filed under (one is running), or past 200 per analysis. */
  leavesOut: number;
  /** Notes and highlights left out: their id held here for another video, or their video at its limit. */
  notesLeftOut?: number;
};
