import type { AnalysisMode } from '../api/schemas';
import { t } from './catalogue';

/** An analysis mode's name in the interface language (the glossary's common.mode.*). */
export function modeName(mode: AnalysisMode): string {
  switch (mode) {
    case 'quick':
      return t('common.mode.quick');
    case 'smart':
      return t('common.mode.smart');
    case 'deep':
      return t('common.mode.deep');
    case 'auto':
      return t('common.mode.auto');
  }
}
