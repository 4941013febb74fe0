import type { SenderLike } from '../../utils/protocol/receive';
import type { AroundReader } from './channel/around';
import type { Bulk } from './channel/bulk';
import type { ChannelBuying } from './channel/channel-buying';
import type { SeveralListing } from './channel/several';
import type { VideoSearch } from './channel/video-search';
import type { ConsentWindow } from './confirm/window';
import type { Core } from './core/core';
import type { ExportPost } from './library/export-post';
import type { HandedLists } from './library/handed';
import type { Library } from './library/library';
import type { Notes } from './notes/notes';
import type { PanelBuying } from './panel/panel-buying';
import type { Tracking } from './panel/tracking';
import type { Till } from './till';
import type { createSpendingHistory } from './till/spending-history';

/** The services the tables hand messages to, built once by the composition root (./index.ts). */
export type HandlerServices = {
  core: Core & { till: Till };
  tracking: Tracking;
  bulk: Bulk;
  spend: PanelBuying;
  channels: ChannelBuying;
  several: SeveralListing;
  library: Library;
  exportPost: ExportPost;
  handed: HandedLists;
  videoSearch: VideoSearch;
  around: AroundReader;
  spendingHistory: ReturnType<typeof createSpendingHistory>;
  consent: ConsentWindow;
  notes: Notes;
};

/** One handler per message of a table, each returning the reply its type promises (utils/protocol/replies.ts). */
export type HandlerTable<M extends { type: string }, R extends Record<M['type'], unknown>> = {
  [K in M['type']]: (message: Extract<M, { type: K }>, sender: SenderLike) => Promise<R[K]>;
};
