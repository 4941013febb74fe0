import { t } from '../utils/i18n/catalogue';

/**
 * Whether a click in the panel may spend directly (docs/spending-and-consent.md, "A panel the page cannot
 * fake"). The panel's frame (Chromium) arms it only while the browser says the frame has been seen whole for a
 * moment (components/youtube/frame/visibility.ts); elsewhere the panel keeps its own rules.
 */
export type SpendGate = {
  /** False where the browser gives no visibility signal: then the gate is never armed. */
  supported: boolean;
  armed(): boolean;
  /** Calls back when `armed` may have changed; returns a stop function. */
  listen(onChange: () => void): () => void;
};

const open: SpendGate = { supported: true, armed: () => true, listen: () => () => undefined };

let gate: SpendGate = open;

/** The panel's frame says where "seen whole" comes from (once, before it draws). */
export function setSpendGate(next: SpendGate): void {
  gate = next;
}

/**
 * The gate in use, for a module built apart that holds its own copy of this file (the tabs module,
 * entrypoints/youtube-tabs/): it is handed on with the catalogue, so the Analysis and Ask tabs obey it too.
 */
export const currentSpendGate = (): SpendGate => gate;

/** Read at the click: may this act spend here, without the extension's window? */
export const mayDirectlySpend = (): boolean => gate.armed();

/**
 * Why a small spend was refused, or null when it may go on: said beside the button, and nothing was sent. A
 * browser without the signal (Firefox) keeps the small spends under the panel's own rules, a trusted click with
 * its price on screen: its frame is out of page scripts' reach, which is no less than the page panel it had, and
 * refusing would leave it no way to load a transcript. Its analyses still go to the window (mayDirectlySpend).
 */
export function gateRefusal(): string | null {
  if (!gate.supported || gate.armed()) return null;
  return t('panel.gate.notSeen');
}

/** The refusal beside the button that was pressed (text, never markup). */
export function GateRefusal({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p class="tl-cost-warn" role="alert">
      {text}
    </p>
  );
}
