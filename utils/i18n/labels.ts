import type { AnalysisMode } from '../api/schemas';
import { t } from './catalogue';
import type { MessageKey } from './keys';

/**
 * Words shown for the service's values, in one place (panel, popup, options), from the catalogue's glossary
 * (common.mode.*, common.kind.*). Looked up when read, so they follow the interface language; the content
 * script pulls in nothing else.
 */
const MODE_KEY: Readonly<Record<AnalysisMode, MessageKey>> = {
  quick: 'common.mode.quick',
  smart: 'common.mode.smart',
  deep: 'common.mode.deep',
  auto: 'common.mode.auto',
};

export const modeLabel = (mode: AnalysisMode): string => t(MODE_KEY[mode]);

export const MODES = Object.keys(MODE_KEY) as readonly AnalysisMode[];

/** `MODE_LABEL[mode]` as before, read at each use (a value kept at module load would stay in its language). */
export const MODE_LABEL: Readonly<Record<AnalysisMode, string>> = Object.defineProperties(
  {} as Record<AnalysisMode, string>,
  Object.fromEntries(MODES.map((mode) => [mode, { enumerable: true, get: () => modeLabel(mode) }])),
);

/** The kind of a piece of evidence or a citation, as a tag; nothing for an unknown kind. */
export function kindLabel(kind: 'speech' | 'visual' | 'unknown'): string | null {
  if (kind === 'speech') return t('common.kind.speech');
  if (kind === 'visual') return t('common.kind.visual');
  return null;
}

/** `KIND_LABEL[kind]` as before, read at each use. */
export const KIND_LABEL: Readonly<Record<'speech' | 'visual' | 'unknown', string | null>> = {
  get speech() {
    return kindLabel('speech');
  },
  get visual() {
    return kindLabel('visual');
  },
  unknown: null,
};
