/** How views talk to the background (production value: `ask` from utils/runtime.ts). */
export type { Send } from '../../utils/protocol/send';

export { knownDuration, type SeekPlayer } from '../player';
