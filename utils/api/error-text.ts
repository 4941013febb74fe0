/**
 * Every error the spec lists, as a sentence for a person: what happened and what to do next. Request-level
 * codes and the codes of one video or channel inside a batch are separate tables: `internal` means "the
 * service failed this request" at request level and "this one video failed" inside a batch.
 */
import type { Action } from './errors';

const REQUEST: Record<string, string> = {
  bad_request: 'The service could not read that request. If this keeps happening, please report it.',
  unauthorized: 'Your API token is missing or not valid. Add or fix it in the Transcript Lens options.',
  insufficient_cloud_requests:
    'You have no Cloud Requests left for this. Nothing was charged. Buy a Cloud Request pack or wait for your monthly allowance.',
  insufficient_ai_units:
    'You do not have enough AI Units for this. Nothing was charged. Add AI Units (a top-up) or choose a shorter analysis.',
  plan_required: 'This needs a higher plan. Upgrade your plan on the service to use it.',
  email_unverified:
    'Your account e-mail address is not verified yet. Open the link the service e-mailed you, then try again.',
  unsupported_transport:
    'This key comes from an API marketplace, which the AI assistant endpoint (MCP) does not accept. Use the service’s own API token.',
  rate_limited: 'The service asked us to slow down. Transcript Lens will retry by itself in a moment.',
  not_found: 'The service no longer knows this analysis. Start it again to get a result.',
  video_too_long:
    'This video is longer than your plan can analyze. Analyze only the allowed minutes, or upgrade your plan.',
  service_unavailable:
    'The analysis service is unavailable right now. Nothing was charged. Try again in a few minutes.',
  job_not_ready: 'The analysis is not finished yet. Ask again once it is ready.',
  network: 'Transcript Lens could not reach the service. Check your connection or the service address in the options.',
  redirected:
    'The service address answered with a redirect to another address. Transcript Lens does not follow it, so your API token goes nowhere else. Check the service address in the options.',
  timeout: 'The service took too long to answer. Try again.',
  bad_response: 'The service sent an answer Transcript Lens could not read. Try again later.',
  no_token: 'Add your API token in the Transcript Lens options to use the service.',
  server_error: 'The service had a problem. Try again in a few minutes.',
  payment_required: 'The service says payment is required. Check your balances on the service.',
};

const ITEM: Record<string, string> = {
  invalid_id: 'This is not a valid video id.',
  no_transcript: 'This video has no captions.',
  transcripts_disabled: 'The owner of this video has turned transcripts off.',
  video_unavailable: 'This video is unavailable: it may be private, members-only or removed.',
  age_restricted: 'This video is age-restricted, so its transcript cannot be read.',
  video_unplayable: 'This video cannot be played right now, so its transcript cannot be read.',
  fetch_failed: 'The service could not fetch this transcript just now.',
  ip_blocked: 'YouTube is temporarily blocking the service.',
  request_blocked: 'YouTube blocked the service’s request for now.',
  service_paused: 'Transcript fetching is paused on the service for now.',
  internal: 'The service had an internal problem with this video.',
  channel_not_found: 'No channel was found for that handle or address.',
};

/** A channel's own failures (spec: per-channel codes), worded about the channel, not a video. */
const CHANNEL: Record<string, string> = {
  invalid_id:
    'That is not a valid channel: the service takes an @handle, a channel address or a channel id beginning with UC.',
  channel_not_found: 'No channel was found for that handle or address.',
  internal: 'The service had an internal problem listing this channel. Try again later.',
};

/** The sentence of a code reported for one channel of a listing. */
export function channelErrorSentence(code: string, fallback?: string): string {
  return CHANNEL[code] ?? fallback ?? 'The service could not list this channel.';
}

/** A request-level sentence first, else the sentence of a video's or channel's code, else the fallback. */
export function errorSentence(code: string, fallback?: string): string {
  return REQUEST[code] ?? ITEM[code] ?? fallback ?? 'Something went wrong. Try again.';
}

/** The sentence of a code reported for one video or channel inside a batch. */
export function itemErrorSentence(code: string, fallback?: string): string {
  return ITEM[code] ?? fallback ?? 'The service could not read this video.';
}

const DOING: Record<Action, string> = {
  transcripts: 'load the transcript',
  channels: 'list the channel’s uploads',
  analysis: 'start the analysis',
  poll: 'check on the analysis',
  ask: 'answer the question',
  account: 'read your plan and balances',
};

/**
 * The sentence of a request-level error, worded for what was being done. Codes read from the status alone
 * (an HTML page, an empty body) name the status, so a proxy's page is told apart from the service's answer.
 */
export function requestSentence(
  code: string,
  context: { action?: Action; status?: number; serviceMessage?: string } = {},
): string {
  const doing = context.action ? DOING[context.action] : 'do this';
  const http = context.status ? ` (HTTP ${context.status})` : '';
  switch (code) {
    case 'server_error':
      return context.status === 502 || context.status === 503 || context.status === 504
        ? `The service is unavailable right now${http}, so Transcript Lens could not ${doing}. Try again in a few minutes.`
        : `The service had a problem and could not ${doing}${http}. Try again in a few minutes.`;
    case 'forbidden':
      return `The service refused to ${doing}${http}. If you reach it through a proxy or an API marketplace, check that your key may use this; otherwise check your API token in the options.`;
    case 'endpoint_not_found':
      return `The service address did not know this request${http}, so Transcript Lens could not ${doing}. Check the service address in the options.`;
    case 'http_error':
      return `The service answered with an error${http}, so Transcript Lens could not ${doing}.`;
    case 'analysis_refused': {
      const said = context.serviceMessage?.trim().slice(0, 300);
      if (!said) return `The service refused to analyze this video${http}. Nothing was charged.`;
      return `The service refused to analyze this video: “${said}”${/[.!?]$/.test(said) ? '' : '.'} Nothing was charged.`;
    }
    default:
      return REQUEST[code] ?? context.serviceMessage ?? `Transcript Lens could not ${doing}${http}.`;
  }
}

export function rateLimitSentence(seconds: number): string {
  return `The service asked us to wait ${seconds} second${seconds === 1 ? '' : 's'}. Try again then.`;
}
