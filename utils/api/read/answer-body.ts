/**
 * The body of an answered question (1 AI Unit, paid before it arrives). Its fields are "not shown" in the spec,
 * so any JSON is kept as is for the lenient reader (answer.ts), and a body that is not JSON is kept as
 * its text. Only a body with nothing in it at all is refused (null), so that the question is not stored as an
 * empty answer and can be asked again.
 */
import { normalizeAnswer } from './answer';
import { clip } from './lenient';

const MAX_ANSWER_TEXT = 50_000;

/** An HTML page's readable text, for an answer that came back as a page. */
export function htmlText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

export function readAnswerBody(body: { json: unknown; text: string; html: boolean }): unknown {
  const kept = body.json !== undefined ? body.json : clip(body.html ? htmlText(body.text) : body.text, MAX_ANSWER_TEXT);
  const read = normalizeAnswer(kept);
  const empty = !read.text.trim() && read.citations.length === 0 && read.other.length === 0 && !read.insufficient;
  return empty ? null : kept;
}
