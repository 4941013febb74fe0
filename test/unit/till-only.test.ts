import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const TILL = 'entrypoints/background/till/';

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The client's methods that cost (spec: Billing rules) and the MCP tools that cost (spec: Tools). */
const PAID_REST = /\bclient\.(transcripts|channels|startAnalysis|ask)\(/g;
const PAID_TOOLS = /['"`](search_transcript|get_transcript|list_channel_videos|analyze_video|ask_video)['"`]/g;

function paidCalls(): { file: string; call: string }[] {
  const product = [...files('entrypoints'), ...files('components'), ...files('utils')];
  return product.flatMap((file) => {
    // The client's own definitions name its methods; calling them is what counts.
    if (file.startsWith('utils/api/')) return [];
    // Comments may name a tool (they explain); code is what is scanned.
    const text = readFileSync(join(ROOT, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const found = [...text.matchAll(PAID_REST), ...text.matchAll(PAID_TOOLS)].map((m) => m[0]);
    return found.map((call) => ({ file: relative('.', file), call }));
  });
}

describe('one till for every purchase', () => {
  it('no module outside the till calls a paid method of the client or a paid MCP tool', () => {
    const calls = paidCalls();
    // The scan does find what it looks for: the till itself makes every kind of paid call.
    expect(new Set(calls.filter((c) => c.file.startsWith(TILL)).map((c) => c.call))).toEqual(
      new Set([
        'client.transcripts(',
        'client.channels(',
        'client.startAnalysis(',
        'client.ask(',
        "'search_transcript'",
        "'get_transcript'",
      ]),
    );
    expect(calls.filter((c) => !c.file.startsWith(TILL))).toEqual([]);
  });
});
