export type { PlayerBridge } from '../../entrypoints/youtube.content/player';
/** How views talk to the background (production: `ask` from utils/runtime.ts; tests: a fake). */
export type { Send } from '../../utils/send';
