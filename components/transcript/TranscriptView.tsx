import './transcript.css';
import { useState } from 'preact/hooks';
import type { PlayerBridge } from '../../entrypoints/youtube.content/player';
import { isLangCode, LanguagePicker, languageName } from './LanguagePicker';
import { TranscriptBody } from './TranscriptBody';
import { TranscriptError } from './TranscriptError';
import type { Send } from './types';
import { useTranscript } from './useTranscript';

export interface TranscriptViewProps {
  videoId: string;
  /** Asks the background (production: `ask` from utils/runtime.ts). */
  send: Send;
  player: PlayerBridge;
  /** The preferred caption language code from the settings, e.g. "en". */
  language: string;
  /** Changes when the transcript should be asked for again. */
  refreshKey?: number;
}

/** The Transcript tab: the video's cues, following playback, with search, copy and download. */
export function TranscriptView({ videoId, send, player, language, refreshKey }: TranscriptViewProps) {
  // A language picked here holds for this video only; a new video (or a new default) starts from the default.
  const [picked, setPicked] = useState<{ for: string; lang: string } | null>(null);
  const scope = `${videoId}|${language}`;
  const lang = picked?.for === scope ? picked.lang : isLangCode(language) ? language : 'en';
  const { state, retry, autoRetrying } = useTranscript(send, videoId, lang, refreshKey);
  const data = state.kind === 'ok' ? state.data : null;

  return (
    <div class="tl-transcript">
      <div class="tl-transcript-meta">
        {data && <span class="tl-lang-name">{data.language}</span>}
        {data?.isGenerated && <span class="tl-badge">Auto-generated</span>}
        <LanguagePicker
          value={lang}
          shown={data ? { code: data.languageCode, name: data.language } : null}
          onChange={(code) => setPicked({ for: scope, lang: code })}
        />
      </div>
      {data?.fellBack && (
        <p class="tl-note">
          No {languageName(data.requestedLang)} captions; showing {data.language}.
        </p>
      )}
      {state.kind === 'loading' && (
        <p role="status" class="tl-muted">
          Loading transcript…
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
