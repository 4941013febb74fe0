import { describe, expect, it } from 'vitest';
import {
  type JsonSchema,
  SCHEMA_WALK_BUDGET,
  SchemaTooIntricate,
  variantsOf,
  WalkBudget,
} from '../../utils/api/json-schema';
import { mapToolArguments } from '../../utils/api/mcp-args';
import { hostile } from '../hostile-schema';

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
