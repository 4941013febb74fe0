/** How views talk to the background (production: `ask` from utils/runtime.ts; tests: a fake). */
export type { Send } from '../../utils/protocol/send';
export type { PlayerBridge } from '../player';
