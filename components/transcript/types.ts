import type { ContentMessage, Reply } from '../../utils/messages';

/** How views talk to the background (production: `ask` from utils/runtime.ts; tests: a fake). */
export type Send = <T>(message: ContentMessage) => Promise<Reply<T>>;

export type { PlayerBridge } from '../../entrypoints/youtube.content/player';
