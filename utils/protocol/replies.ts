import type { AccountReply, Balances } from '../account/replies';
import type { CacheUsage } from '../cache';
import type { AroundQuote, AroundRead } from '../channel/around-replies';
import type {
  BulkArchive,
  BulkPieces,
  BulkQuote,
  BulkStatus,
  ChannelLookup,
  ChannelsListed,
  ChannelsQuote,
} from '../channel/replies';
import type { ConsentDecision, ConsentOpened, ConsentPending, ConsentStatus } from '../consent/replies';
import type { FileVideo } from '../library/file';
import type { ImportSummary, LibraryHit, LibraryList } from '../library/replies';
import type { VideoNotes } from '../notes/replies';
import type {
  AnalysisState,
  AnswerEntry,
  AskQuote,
  JobReply,
  PanelContext,
  PanelOpen,
  QuotedEstimate,
  TranscriptLookup,
} from '../panel/replies';
import type { Settings } from '../settings';
import type { SpendingHistory } from '../till/history';
import type { LocalSearch, SearchQuote } from '../video-search/replies';

/**
 * What is answered: the reply to each message of requests.ts, by its type (inside the envelope, envelope.ts).
 * `send` and `sendPage` (send.ts) and the handler tables (entrypoints/background/handlers.ts) are typed from
 * these maps, so a call site never names its own reply type.
 */
export type ContentReplies = {
  hello: { videoId: string; tabId: number | null };
  'transcript.get': TranscriptLookup;
  'transcript.load': TranscriptLookup;
  'panel.context': PanelContext;
  'panel.open': PanelOpen;
  /** False when the sender's tab does not show that video: nothing is kept. */
  'video.length': { noted: boolean };
  'analysis.estimate': QuotedEstimate;
  'analysis.start': JobReply;
  'analysis.get': AnalysisState;
  'analysis.recheck': JobReply | null;
  'ask.quote': AskQuote;
  'ask.send': AnswerEntry;
  'ask.history': AnswerEntry[];
  'ask.unsure': { questions: string[] };
  'balances.get': Balances;
  'channel.get': ChannelLookup;
  'channel.list': ChannelLookup;
  'bulk.quote': BulkQuote;
  'bulk.status': BulkStatus;
  'bulk.current': BulkStatus | null;
  'bulk.cancel': BulkStatus;
  'bulk.archive': BulkArchive;
  'bulk.pieces': BulkPieces | null;
  'search.local': LocalSearch;
  'search.quote': SearchQuote;
  'around.quote': AroundQuote;
  'around.read': AroundRead;
  'consent.open': ConsentOpened;
  'consent.status': ConsentStatus;
  'library.open': { opened: true };
  'notes.list': VideoNotes;
  'notes.put': VideoNotes;
  'notes.remove': VideoNotes;
};

export type PageReplies = {
  ping: { pong: true };
  'channels.quote': ChannelsQuote;
  'channels.list': ChannelsListed;
  'settings.get': { settings: Settings; hasToken: boolean };
  'settings.set': { settings: Settings };
  'token.set': { hasToken: boolean };
  'token.clear': { hasToken: boolean };
  'account.get': AccountReply;
  'jobs.list': JobReply[];
  'cache.usage': CacheUsage;
  'cache.clear': CacheUsage;
  /** MCP tool results, whose shape the spec leaves open: read leniently where shown. */
  'watchlists.list': unknown;
  'watchlists.activity': unknown;
  'consent.pending': ConsentPending;
  'consent.decide': ConsentDecision;
  'consent.mode': ConsentPending;
  'library.list': LibraryList;
  'library.search': LibraryHit[];
  'library.remove': { removed: number; list: LibraryList };
  'library.export': FileVideo[];
  /** `text`: the `count` videos' JSON, comma-separated, as the library file holds them. */
  'library.exportText': { count: number; text: string };
  'library.exportPart': { count: number };
  'library.importPreview': ImportSummary;
  'library.import': ImportSummary & { list: LibraryList };
  'lists.hand': { opened: true };
  'lists.take': { name: string; videos: Array<{ id: string; title: string }> } | null;
  'bulkRuns.list': BulkStatus[];
  'bulkRuns.cancel': BulkStatus;
  'spending.history': SpendingHistory;
  'spending.unknown': { count: number };
};
