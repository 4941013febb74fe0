import '../panel-views.css';
import './transcript.css';
import { useState } from 'preact/hooks';
import { t } from '../../utils/i18n/catalogue';
import type { TranscriptLookup } from '../../utils/panel/replies';
import type { Send } from '../../utils/protocol/send';
import type { PlayerBridge } from '../player';
import { isLangCode, LanguagePicker, languageName } from './LanguagePicker';
import { LoadBar } from './LoadBar';
import { TranscriptBody } from './TranscriptBody';
import { TranscriptError } from './TranscriptError';
import { useAutoLoad } from './useAutoLoad';
import { useLive } from './useLive';
import { useTranscript } from './useTranscript';

export interface TranscriptViewProps {
  videoId: string;
  /** Asks the background (production: `send` from utils/protocol/send.ts; tests: a fake). */
  send: Send;
  player: PlayerBridge;
  /** The preferred caption language code from the settings, e.g. "en". */
  language: string;
  /** The person chose "Load transcripts automatically". */
  autoLoad?: boolean;
  /** Changes when the transcript should be asked for again. */
  refreshKey?: number;
  /** Bumped by the keyboard command: "Load transcript" takes focus (Enter then loads it). */
  focusKey?: number;
  /**
   * The lookup the panel's first answer brought (panel.open), in the language `lang`: shown at mount when that is
   * the language this view asks for, instead of asking again.
   */
  first?: { lang: string; lookup: TranscriptLookup } | null;
}

/**
 * The Transcript tab: a saved transcript at once (free); otherwise its price and "Load transcript", which only
 * the person's click presses (or their automatic-load setting). Then the cues, following playback, with search,
 * copy and download.
 */
export function TranscriptView({
  videoId,
  send,
  player,
  language,
  autoLoad = false,
  refreshKey,
  focusKey,
  first,
}: TranscriptViewProps) {
  // A language picked here holds for this video only; a new video (or a new default) starts from the default.
  const [picked, setPicked] = useState<{ for: string; lang: string } | null>(null);
  const scope = `${videoId}|${language}`;
  const lang = picked?.for === scope ? picked.lang : isLangCode(language) ? language : 'en';
  const given = first?.lang === lang ? first.lookup : undefined;
  const {
    state,
    buy,
    autoLoad: loadByItself,
    autoRetrying,
    retry,
  } = useTranscript(send, videoId, lang, refreshKey, given);
  const data = state.kind === 'ok' ? state.data : null;
  const live = useLive(player, state.kind === 'not_loaded');
  const waiting = state.kind === 'not_loaded' && !state.data.note && !live ? state.data : null;
  useAutoLoad(autoLoad && waiting !== null, loadByItself);

  return (
    <div class="tl-transcript">
      <div class="tl-transcript-meta">
        {data && (
          <span class="tl-lang-name" dir="auto">
            {data.language}
          </span>
        )}
        {data?.isGenerated && <span class="tl-badge">{t('panel.tr.generated')}</span>}
        <LanguagePicker
          value={lang}
          shown={data ? { code: data.languageCode, name: data.language } : null}
          onChange={(code) => setPicked({ for: scope, lang: code })}
        />
      </div>
      {data?.fellBack && !data.quote && (
        <p class="tl-note">
          {t('panel.tr.fellBack', { asked: languageName(data.requestedLang), shown: data.language })}
        </p>
      )}
      {data?.quote && (
        <LoadBar
          quote={data.quote}
          label={t('panel.tr.loadLang', { lang: languageName(lang) })}
          busy={false}
          note={t('panel.tr.saved', { lang: data.language })}
          onLoad={buy}
        />
      )}
      {data?.storageProblem && <p class="tl-note">{data.storageProblem}</p>}
      {state.kind === 'loading' && (
        <p role="status" class="tl-muted">
          {t('panel.tr.checking')}
        </p>
      )}
      {state.kind === 'not_loaded' && live && <p class="tl-note">{t('panel.tr.live')}</p>}
      {state.kind === 'not_loaded' && !live && (
        <LoadBar
          quote={state.data.quote}
          label={t('panel.tr.load')}
          busy={false}
          {...(focusKey !== undefined && { focusKey })}
          {...(state.data.note && { note: state.data.note })}
          onLoad={buy}
        />
      )}
      {state.kind === 'buying' && (
        <p role="status" class="tl-muted">
          {t('panel.tr.loading')}
        </p>
      )}
      {state.kind === 'failed' && (
        <TranscriptError kind="failed" failure={state.data} autoRetrying={autoRetrying} onRetry={retry} />
      )}
      {state.kind === 'error' && <TranscriptError kind="error" error={state.error} onRetry={retry} />}
      {data && <TranscriptBody key={`${videoId}|${lang}`} data={data} player={player} />}
    </div>
  );
}
