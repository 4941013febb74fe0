import type { PageMessage, Reply } from '../../utils/messages';

/** How extension pages talk to the background (production value: `ask` from utils/runtime.ts). */
export type PageSend = <T>(message: PageMessage) => Promise<Reply<T>>;
