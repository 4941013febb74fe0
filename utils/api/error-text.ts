/**
 * Every error the spec lists, as a sentence for a person: what happened and what to do next. Request-level
 * codes and the codes of one video or channel inside a batch are separate tables: `internal` means "the
 * service failed this request" at request level and "this one video failed" inside a batch.
 */
import { t } from '../i18n/catalogue';
import type { MessageKey } from '../i18n/keys';
import { ownEntry } from '../own-entry';
import type { Action } from './action';

const REQUEST: Record<string, MessageKey> = {
  bad_request: 'background.request.bad_request',
  unauthorized: 'background.request.unauthorized',
  insufficient_cloud_requests: 'background.request.insufficient_cloud_requests',
  insufficient_ai_units: 'background.request.insufficient_ai_units',
  plan_required: 'background.request.plan_required',
  email_unverified: 'background.request.email_unverified',
  unsupported_transport: 'background.request.unsupported_transport',
  rate_limited: 'background.request.rate_limited',
  not_found: 'background.request.not_found',
  video_too_long: 'background.request.video_too_long',
  service_unavailable: 'background.request.service_unavailable',
  job_not_ready: 'background.request.job_not_ready',
  network: 'background.request.network',
  redirected: 'background.request.redirected',
  timeout: 'background.request.timeout',
  bad_response: 'background.request.bad_response',
  no_token: 'background.request.no_token',
  server_error: 'background.request.server_error',
  payment_required: 'background.request.payment_required',
};

const ITEM: Record<string, MessageKey> = {
  invalid_id: 'background.item.invalid_id',
  no_transcript: 'background.item.no_transcript',
  transcripts_disabled: 'background.item.transcripts_disabled',
  video_unavailable: 'background.item.video_unavailable',
  age_restricted: 'background.item.age_restricted',
  video_unplayable: 'background.item.video_unplayable',
  fetch_failed: 'background.item.fetch_failed',
  ip_blocked: 'background.item.ip_blocked',
  request_blocked: 'background.item.request_blocked',
  service_paused: 'background.item.service_paused',
  internal: 'background.item.internal',
  channel_not_found: 'background.item.channel_not_found',
};

/** A channel's own failures (spec: per-channel codes), worded about the channel, not a video. */
const CHANNEL: Record<string, MessageKey> = {
  invalid_id: 'background.channelError.invalid_id',
  channel_not_found: 'background.channelError.channel_not_found',
  internal: 'background.channelError.internal',
};

/** The sentence of a code reported for one channel of a listing. */
export function channelErrorSentence(code: string, fallback?: string): string {
  const key = ownEntry(CHANNEL, code);
  return key ? t(key) : (fallback ?? t('background.channelError.default'));
}

/** A request-level sentence first, else the sentence of a video's or channel's code, else the fallback. */
export function errorSentence(code: string, fallback?: string): string {
  const key = ownEntry(REQUEST, code) ?? ownEntry(ITEM, code);
  return key ? t(key) : (fallback ?? t('background.error.default'));
}

/** The sentence of a code reported for one video or channel inside a batch. */
export function itemErrorSentence(code: string, fallback?: string): string {
  const key = ownEntry(ITEM, code);
  return key ? t(key) : (fallback ?? t('background.item.default'));
}

/**
 * The sentence of a request-level error, worded for what was being done. Codes read from the status alone
 * (an HTML page, an empty body) name the status, so a proxy's page is told apart from the service's answer.
 */
export function requestSentence(
  code: string,
  context: { action?: Action; status?: number; serviceMessage?: string } = {},
): string {
  const doing = t('background.doing', { action: context.action ?? 'other' });
  const http = context.status ? t('background.http', { status: String(context.status) }) : '';
  const values = { doing, http };
  switch (code) {
    case 'server_error':
      return context.status === 502 || context.status === 503 || context.status === 504
        ? t('background.request.unavailable', values)
        : t('background.request.serverProblem', values);
    case 'forbidden':
      return t('background.request.forbidden', values);
    case 'endpoint_not_found':
      return t('background.request.endpointNotFound', values);
    case 'http_error':
      return t('background.request.httpError', values);
    case 'insufficient_ai_units':
      // Only an analysis can be made shorter: a question or a transcript says what the AI Units were for.
      return context.action === 'ask'
        ? t('background.request.insufficientAiUnits.ask')
        : context.action === 'transcripts'
          ? t('background.request.insufficientAiUnits.audio')
          : context.action === 'channels' || context.action === 'account'
            ? t('background.request.insufficientAiUnits.other')
            : t('background.request.insufficient_ai_units');
    case 'analysis_refused': {
      const said = context.serviceMessage?.trim().slice(0, 300);
      if (!said) return t('background.request.analysisRefused', values);
      return t('background.request.analysisRefusedSaid', { said, stop: /[.!?]$/.test(said) ? '' : '.' });
    }
    default: {
      const key = ownEntry(REQUEST, code);
      return key ? t(key) : (context.serviceMessage ?? t('background.request.couldNot', values));
    }
  }
}

export function rateLimitSentence(seconds: number): string {
  return t('background.request.rateLimitWait', { n: seconds });
}
