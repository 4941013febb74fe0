/** A request refused before any work: the HTTP status and the `{ error, message }` body. */
export type Refusal = {
  refused: true;
  status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429 | 503;
  body: { error: string; message: string; [extra: string]: unknown };
};

export function refuse(
  status: Refusal['status'],
  error: string,
  message: string,
  extra: Record<string, unknown> = {},
): Refusal {
  return { refused: true, status, body: { error, message, ...extra } };
}

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && (value as { refused?: unknown }).refused === true;
}

export const MESSAGES = {
  noCloud: 'Not enough Cloud Requests left for this request. Nothing was consumed. Buy a pack or upgrade your plan.',
  noAi: 'Not enough AI Units left for this request. Nothing was consumed. Add an AI top-up or upgrade your plan.',
  channelsPlan: 'Channel listing needs the Starter plan or higher.',
  deepPlan: 'Deep analysis needs the Pro or Team plan.',
} as const;
