import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../utils/i18n/catalogue';
import type { TranscriptFailed, TranscriptLookup, TranscriptNotLoaded, TranscriptOk } from '../../utils/panel/replies';
import type { ReplyError } from '../../utils/protocol/envelope';
import type { Send } from '../../utils/protocol/send';

export type TranscriptState =
  | { kind: 'loading' }
  | { kind: 'not_loaded'; data: TranscriptNotLoaded }
  | { kind: 'buying' }
  | { kind: 'ok'; data: TranscriptOk }
  | { kind: 'failed'; data: TranscriptFailed }
  | { kind: 'error'; error: ReplyError };

const LOADING: TranscriptState = { kind: 'loading' };
export const AUTO_RETRY_MS = 30_000;
/** Automatic retries of a load the person asked for; after that only the Retry button (failed lookups are
 * free, but each one still spends the rate limit). */
export const MAX_AUTO_RETRIES = 3;

/** The price on screen: to load a transcript not saved yet, or the wanted language beside a saved other one. */
function quoteOf(state: TranscriptState): string | null {
  if (state.kind === 'not_loaded') return state.data.quote.quoteId;
  if (state.kind === 'ok') return state.data.quote?.quoteId ?? null;
  return null;
}

const disconnected = (): ReplyError => ({ code: 'disconnected', message: t('errors.line.unreachable') });

function toState(reply: Awaited<ReturnType<Send>>): TranscriptState {
  return reply.ok ? fromLookup(reply.data as TranscriptLookup) : { kind: 'error', error: reply.error };
}

function fromLookup(data: TranscriptLookup): TranscriptState {
  if (data.status === 'ok') return { kind: 'ok', data };
  return data.status === 'failed' ? { kind: 'failed', data } : { kind: 'not_loaded', data };
}

/**
 * One video's transcript in one language. Asking is free: the saved transcript, or its price. Buying
 * (`load`) happens only when the person acts (the caller checks the event is trusted) or when `auto` asks
 * for it under the automatic-load rule; a retryable failure of a load the person asked for is retried by
 * itself after 30 s. A new `refreshKey` re-asks quietly; answers to superseded requests are dropped. `first`, the
 * lookup the panel's first answer brought for this video and language, is shown at once instead of asking.
 */
export function useTranscript(
  send: Send,
  videoId: string,
  lang: string,
  refreshKey: number | undefined,
  first?: TranscriptLookup,
) {
  const key = `${videoId}|${lang}`;
  // Stored with the key it belongs to, so another video's transcript is never shown, not even for a frame.
  const [stored, setStored] = useState<{ key: string; value: TranscriptState }>(() => ({
    key,
    value: first ? fromLookup(first) : LOADING,
  }));
  // The first look is answered already: asking again would be a second round trip and a second render.
  const answered = useRef(first !== undefined);
  const [autoRetrying, setAutoRetrying] = useState(false);
  const latest = useRef(0);
  const autoRetries = useRef(0);
  // The host may pass a new `send` function on every render; that alone must not ask again.
  const sendRef = useRef(send);
  sendRef.current = send;
  const state = stored.key === key ? stored.value : LOADING;
  const stateRef = useRef(state);
  stateRef.current = state;

  const begin = useCallback(() => {
    const id = ++latest.current;
    return (value: TranscriptState) => {
      if (id === latest.current) setStored({ key, value });
    };
  }, [key]);

  const lookup = useCallback(() => {
    const setState = begin();
    setStored((old) => (old.key !== key ? { key, value: LOADING } : old));
    setAutoRetrying(false);
    sendRef.current({ type: 'transcript.get', videoId, lang }).then(
      (reply) => setState(toState(reply)),
      () => setState({ kind: 'error', error: disconnected() }),
    );
  }, [videoId, lang, key, begin]);

  /** Buys it: with the quote shown (a fresh one when none is shown), or under the automatic-load rule. */
  const load = useCallback(
    async (how: 'person' | 'auto') => {
      const setState = begin();
      const shown = stateRef.current;
      setAutoRetrying(false);
      let consent: { quoteId: string } | { auto: true } = { auto: true };
      if (how === 'person') {
        let quote = quoteOf(shown);
        if (!quote) {
          const fresh = await sendRef.current({ type: 'transcript.get', videoId, lang }).catch(() => null);
          const next = fresh ? toState(fresh) : ({ kind: 'error', error: disconnected() } as const);
          quote = quoteOf(next);
          if (!quote) return setState(next);
        }
        consent = { quoteId: quote };
      }
      setStored({ key, value: how === 'person' ? { kind: 'buying' } : stateRef.current });
      sendRef.current({ type: 'transcript.load', videoId, lang, consent }).then(
        (reply) => setState(toState(reply)),
        () => setState({ kind: 'error', error: disconnected() }),
      );
    },
    [videoId, lang, key, begin],
  );

  // refreshKey is the caller's "ask again" signal.
  useEffect(() => {
    if (answered.current) {
      answered.current = false;
      return;
    }
    lookup();
  }, [lookup, refreshKey]);

  useEffect(() => {
    autoRetries.current = 0;
    return () => {
      latest.current++; // drop answers for the video we leave
    };
  }, [key]);

  // Keyed on the answer itself, so each new retryable failure schedules its own retry.
  const retryableFailure = state.kind === 'failed' && state.data.retryable ? state : null;
  useEffect(() => {
    if (!retryableFailure || autoRetries.current >= MAX_AUTO_RETRIES) return;
    setAutoRetrying(true);
    const timer = setTimeout(() => {
      autoRetries.current++;
      void load('person'); // still the person's request: nothing was delivered (failures are free)
    }, AUTO_RETRY_MS);
    return () => clearTimeout(timer);
  }, [retryableFailure, load]);

  const buy = useCallback(() => void load('person'), [load]);
  const autoLoad = useCallback(() => void load('auto'), [load]);
  return { state, buy, autoLoad, autoRetrying, retry: buy };
}
