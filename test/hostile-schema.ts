import type { JsonSchema } from '../utils/api/json-schema';

/**
 * A hostile `inputSchema` of about 4 kB: each level is an anyOf of 28 refs to the next level, the last refers back
 * to the first, and no level says a type, so no form is ever found and a depth-bounded walk visits 28^6 nodes.
 */
export function hostile(): JsonSchema {
  const levels = 6;
  const $defs: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) {
    // The last level refers back to the first: only the depth limit ends that loop.
    const next = `#/$defs/l${(i + 1) % levels}`;
    $defs[`l${i}`] = { anyOf: Array.from({ length: 28 }, () => ({ $ref: next })) };
  }
  const anything = { $ref: '#/$defs/l0' };
  return { type: 'object', properties: { videos: anything, query: anything }, required: ['videos'], $defs };
}
