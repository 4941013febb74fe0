/** How extension pages talk to the background (production value: `ask` from utils/runtime.ts). */
export type { PageSend } from '../../utils/protocol/send';
