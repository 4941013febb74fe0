import type { ContentMessage, PageMessage } from './messages';
import type { Reply } from './wire';

/** How the panel's views talk to the background (production value: `ask` from utils/runtime.ts). */
export type Send = <T>(message: ContentMessage) => Promise<Reply<T>>;

/** How extension pages (popup, options, confirmation) talk to the background. */
export type PageSend = <T>(message: PageMessage) => Promise<Reply<T>>;
