import { useMemo } from 'preact/hooks';
import { t } from '../utils/i18n/catalogue';
import type { TranscriptViewProps } from './transcript/TranscriptView';
import { TranscriptView } from './transcript/TranscriptView';

/**
 * The Transcript tab's body: a wait while the panel's first answer is coming, then the view. Kept while its
 * inputs stay: a new context (the plan, balances) does not draw the transcript's list again.
 */
export function usePanelTranscript(opening: boolean, props: TranscriptViewProps) {
  const { videoId, send, player, language, autoLoad, refreshKey, focusKey, first } = props;
  // The panel builds its props anew on every render: one object while their values stay.
  const kept = useMemo(
    () => ({ videoId, send, player, language, autoLoad, refreshKey, focusKey, first }),
    [videoId, send, player, language, autoLoad, refreshKey, focusKey, first],
  );
  return useMemo(
    () =>
      opening ? (
        <p role="status" class="tl-muted">
          {t('panel.tr.checking')}
        </p>
      ) : (
        <TranscriptView {...kept} />
      ),
    [opening, kept],
  );
}
