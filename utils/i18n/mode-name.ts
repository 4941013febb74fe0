import type { AnalysisMode } from '../api/schemas';
import { t } from './catalogue';

/** An analysis mode's name in the interface language (the glossary's common.mode.*). */
export function modeName(mode: AnalysisMode): string {
  return t(`common.mode.${mode}`);
}
