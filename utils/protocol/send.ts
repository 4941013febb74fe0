import type { ContentMessage, PageMessage } from './messages';
import type { ContentReplies, PageReplies } from './replies';
import type { Reply } from './wire';

/** How the panel's views talk to the background (production value: `ask` from utils/runtime.ts). */
export type Send = <M extends ContentMessage>(message: M) => Promise<Reply<ContentReplies[M['type']]>>;

/** How extension pages (popup, options, confirmation) talk to the background. */
export type PageSend = <M extends PageMessage>(message: M) => Promise<Reply<PageReplies[M['type']]>>;
