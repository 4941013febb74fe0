/**
 * A response body read once, as text, and kept whatever it is: JSON when it parses, else the text itself
 * (HTML error pages, plain-text answers, empty bodies). Readers decide what the text means.
 */

export type ReadBody = {
  /** The parsed JSON, or undefined when the body is empty or not JSON. */
  json: unknown;
  text: string;
  contentType: string;
  /** An HTML page (by its content type, or by its first tag when the type is missing). */
  html: boolean;
};

export function bodyFromText(text: string, contentType = ''): ReadBody {
  const type = contentType.toLowerCase();
  const html = type.includes('html') || /^\s*<(?:!doctype|html|head|body)\b/i.test(text);
  let json: unknown;
  if (text.trim() && !html) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { json, text, contentType: type, html };
}

export async function readBody(response: Response): Promise<ReadBody> {
  const text = await response.text().catch(() => '');
  return bodyFromText(text, response.headers.get('Content-Type') ?? '');
}
