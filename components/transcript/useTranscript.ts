import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ReplyError } from '../../utils/messages';
import type { TranscriptFailed, TranscriptOk, TranscriptReply } from '../../utils/views';
import type { Send } from './types';

export type TranscriptState =
  | { kind: 'loading' }
  | { kind: 'ok'; data: TranscriptOk }
  | { kind: 'failed'; data: TranscriptFailed }
  | { kind: 'error'; error: ReplyError };

const LOADING: TranscriptState = { kind: 'loading' };
export const AUTO_RETRY_MS = 30_000;
/** Automatic retries per video and language; after that only the Retry button (failed lookups are free,
 * but each one still spends the rate limit). */
export const MAX_AUTO_RETRIES = 3;

/**
 * Asks the background for one video's transcript in one language. A new video or language shows the loading
 * state; a new `refreshKey` re-asks quietly, keeping what is shown until the answer comes. Answers to
 * superseded requests are dropped. Retryable per-video failures retry by themselves after 30 s.
 */
export function useTranscript(send: Send, videoId: string, lang: string, refreshKey: number | undefined) {
  const key = `${videoId}|${lang}`;
  // Stored with the key it belongs to, so another video's transcript is never shown, not even for a frame.
  const [stored, setStored] = useState<{ key: string; value: TranscriptState }>({ key, value: LOADING });
  const [autoRetrying, setAutoRetrying] = useState(false);
  const latest = useRef(0);
  const autoRetries = useRef(0);
  // The host may pass a new `send` function on every render; that alone must not ask again.
  const sendRef = useRef(send);
  sendRef.current = send;
  const state = stored.key === key ? stored.value : LOADING;

  const load = useCallback(
    (retry: boolean) => {
      const id = ++latest.current;
      const setState = (value: TranscriptState) => {
        if (id === latest.current) setStored({ key, value });
      };
      setStored((old) => (old.key !== key || retry ? { key, value: LOADING } : old));
      setAutoRetrying(false);
      const message = retry
        ? ({ type: 'transcript.get', videoId, lang, retry: true } as const)
        : ({ type: 'transcript.get', videoId, lang } as const);
      sendRef.current<TranscriptReply>(message).then(
        (reply) => {
          if (!reply.ok) setState({ kind: 'error', error: reply.error });
          else if (reply.data.status === 'ok') {
            // Lets `npm run bench` time the list's first render from the moment its data is here.
            performance.mark('tl:transcript-data');
            setState({ kind: 'ok', data: reply.data });
          } else setState({ kind: 'failed', data: reply.data });
        },
        () =>
          setState({
            kind: 'error',
            error: { code: 'disconnected', message: 'Transcript Lens could not be reached.' },
          }),
      );
    },
    [videoId, lang, key],
  );

  // refreshKey is the caller's "ask again" signal.
  useEffect(() => {
    load(false);
  }, [load, refreshKey]);

  useEffect(() => {
    autoRetries.current = 0;
    return () => {
      latest.current++; // drop answers for the video we leave
    };
  }, [key]);

  // Keyed on the answer itself, so each new retryable failure schedules its own retry (even when the
  // loading state in between was never rendered).
  const retryableFailure = state.kind === 'failed' && state.data.retryable ? state : null;
  useEffect(() => {
    if (!retryableFailure || autoRetries.current >= MAX_AUTO_RETRIES) return;
    setAutoRetrying(true);
    const timer = setTimeout(() => {
      autoRetries.current++;
      load(true);
    }, AUTO_RETRY_MS);
    return () => clearTimeout(timer);
  }, [retryableFailure, load]);

  const retry = useCallback(() => load(true), [load]);
  return { state, retry, autoRetrying };
}
