import { describe, expect, it } from 'vitest';
import {
  type JsonSchema,
  SCHEMA_WALK_BUDGET,
  SchemaTooIntricate,
  variantsOf,
  WalkBudget,
} from '../../utils/api/json-schema';
import { mapToolArguments } from '../../utils/api/mcp-args';

/**
 * A hostile `inputSchema` of about 4 kB: each level is an anyOf of 28 refs to the next level, the last refers back
 * to the first, and no level says a type, so no form is ever found and a depth-bounded walk visits 28^6 nodes.
 */
function hostile(): JsonSchema {
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

describe('the schema walk is bounded by work, not only depth', () => {
  it('the hostile schema is small', () => {
    expect(JSON.stringify(hostile()).length).toBeLessThan(4096);
  });

  it('refuses a schema over budget with a sentence, after a bounded number of nodes', () => {
    const started = performance.now();
    const mapped = mapToolArguments('search_transcript', hostile(), { videos: ['tvaHuman001'], query: 'x' });
    // A generous guard, not a timing test: unbounded, this takes minutes.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(mapped).toEqual({
      ok: false,
      sentence:
        'The service’s search_transcript tool describes its arguments in a schema too intricate to read, so Transcript Lens cannot search these videos on the service. Nothing was sent and nothing was charged.',
    });
  });

  it('counts the nodes it visits and stops at the budget', () => {
    const budget = new WalkBudget();
    const schema = hostile();
    expect(() => variantsOf({ $ref: '#/$defs/l0' }, schema, budget)).toThrow(SchemaTooIntricate);
    expect(budget.visited).toBe(SCHEMA_WALK_BUDGET + 1);
  });

  it('an ordinary schema is read well within the budget', () => {
    const budget = new WalkBudget();
    const schema: JsonSchema = {
      type: 'object',
      properties: { videos: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] } },
    };
    expect(variantsOf({ $ref: '#/properties/videos' }, schema, budget)).toHaveLength(2);
    expect(variantsOf({ anyOf: [{ type: 'string' }, { type: 'integer' }] }, schema, budget)).toHaveLength(2);
    expect(budget.visited).toBeLessThan(10);
  });
});
