/**
 * What a non-2xx body says: the spec's `{ error, message }`, also `{ error: { code, message } }`, `{ code,
 * message }`, `{ errorCode }`, `{ detail }`. HTML pages, empty bodies and other text say nothing readable:
 * the caller reads those by their status.
 */

import type { ReadBody } from './body';
import { words } from './lenient';
import { type Dict, field, isRecord, str } from './values';

export type ErrorRead = { code?: string; message?: string; details: Dict };

const CODE = words('error errorcode code');
const MESSAGE = words('message detail description errordescription reason');

export function readErrorBody(body: ReadBody): ErrorRead {
  const json = body.json;
  if (!isRecord(json)) return { details: {} };
  const raw = field(json, CODE);
  const nested = isRecord(raw) ? raw : undefined;
  const code = str(nested ? field(nested, CODE) : raw);
  // A code is a word like `rate_limited`; a sentence in `error` is a message.
  const isCode = code !== undefined && /^[A-Za-z][A-Za-z0-9_.-]*$/.test(code);
  const message = str(field(nested ?? json, MESSAGE)) ?? (isCode ? undefined : code);
  return {
    ...(isCode && { code }),
    ...(message !== undefined && { message }),
    details: { ...json },
  };
}
