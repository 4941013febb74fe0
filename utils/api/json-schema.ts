/**
 * What Transcript Lens reads of a JSON Schema, as an MCP server publishes a tool's `inputSchema` in `tools/list`:
 * its properties, and for each property the forms of value it takes (anyOf, oneOf, a list of types, local
 * `$ref`s and `allOf` folded). Total: never throws on a hostile or odd schema, and bounds its work.
 */
import { isRecord } from './read/lenient';

export type JsonSchema = Record<string, unknown>;
export type ValueKind = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null' | 'any';
/** One form a property takes: its kind and the schema that says the rest (items, pattern, maxItems, ...). */
export type Variant = { kind: ValueKind; schema: JsonSchema };

const KINDS = new Set<string>(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);
const MAX_DEPTH = 6;

/**
 * Nodes one reading of a tool's schema may visit. Depth alone does not bound the work: 4 kB of anyOf over shared
 * `$ref`s fans out to 30^6 nodes. An ordinary schema takes tens; a few thousand take well under 50 ms.
 */
export const SCHEMA_WALK_BUDGET = 3000;

/** The work left to one reading of a schema: shared by every walk of its properties. */
export class WalkBudget {
  visited = 0;
  constructor(readonly limit: number = SCHEMA_WALK_BUDGET) {}
  visit(): void {
    if (++this.visited > this.limit) throw new SchemaTooIntricate();
  }
}

/** A schema that would take more than its budget to read: treated as unreadable, never walked to the end. */
export class SchemaTooIntricate extends Error {
  constructor() {
    super('the schema is too intricate to read');
  }
}

/** `#/$defs/X`, `#/definitions/X` and other local pointers into the root schema; anything else is unknown. */
function resolve(ref: string, root: JsonSchema): JsonSchema | null {
  if (!ref.startsWith('#/')) return null;
  let at: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isRecord(at) || !Object.hasOwn(at, key)) return null;
    at = at[key];
  }
  return isRecord(at) ? at : null;
}

function kindOfValue(value: unknown): ValueKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  return typeof value === 'object' ? 'object' : 'any';
}

function collect(schema: unknown, root: JsonSchema, depth: number, out: Variant[], budget: WalkBudget): void {
  if (depth > MAX_DEPTH || out.length > 20) return;
  budget.visit();
  if (schema === true || (isRecord(schema) && Object.keys(schema).length === 0)) {
    out.push({ kind: 'any', schema: {} });
    return;
  }
  if (!isRecord(schema)) return;
  let s: JsonSchema = schema;
  if (typeof s.$ref === 'string') {
    const target = resolve(s.$ref, root);
    if (!target) {
      out.push({ kind: 'any', schema: s });
      return;
    }
    const { $ref: _ref, ...rest } = s;
    s = { ...target, ...rest };
  }
  if (Array.isArray(s.allOf)) {
    const { allOf, ...rest } = s;
    s = Object.assign({}, rest, ...allOf.slice(0, 20).filter(isRecord));
  }
  const alternatives = [s.anyOf, s.oneOf].find(Array.isArray);
  if (alternatives) {
    const { anyOf: _a, oneOf: _o, ...rest } = s;
    for (const alternative of alternatives) {
      collect(isRecord(alternative) ? { ...rest, ...alternative } : alternative, root, depth + 1, out, budget);
    }
    return;
  }
  const types = Array.isArray(s.type) ? s.type : s.type === undefined ? [] : [s.type];
  const named = types.filter((t): t is string => typeof t === 'string' && KINDS.has(t)) as ValueKind[];
  if (named.length > 0) {
    for (const kind of named) out.push({ kind, schema: s });
  } else if (s.const !== undefined) out.push({ kind: kindOfValue(s.const), schema: s });
  else if (Array.isArray(s.enum) && s.enum.length > 0) {
    for (const kind of new Set(s.enum.map(kindOfValue))) out.push({ kind, schema: s });
  } else if (isRecord(s.properties)) out.push({ kind: 'object', schema: s });
  else if (s.items !== undefined) out.push({ kind: 'array', schema: s });
  else if (types.length === 0) out.push({ kind: 'any', schema: s });
}

/**
 * The forms a value of this schema may take; `any` for an empty or unreadable one. Throws SchemaTooIntricate
 * once the budget is spent: a reading that stopped halfway would be a wrong answer, not a partial one.
 */
export function variantsOf(schema: unknown, root: JsonSchema = {}, budget = new WalkBudget()): Variant[] {
  const out: Variant[] = [];
  try {
    collect(schema, root, 0, out, budget);
  } catch (error) {
    if (error instanceof SchemaTooIntricate) throw error;
    return [{ kind: 'any', schema: {} }];
  }
  return out;
}

/** The named properties of an object schema (an `inputSchema`), with their own schemas. */
export function propertiesOf(schema: JsonSchema, budget?: WalkBudget): [string, JsonSchema][] {
  const object = variantsOf(schema, schema, budget).find((v) => v.kind === 'object')?.schema ?? schema;
  const properties = object.properties;
  if (!isRecord(properties)) return [];
  return Object.keys(properties)
    .slice(0, 200)
    .flatMap((name): [string, JsonSchema][] => {
      const value = properties[name];
      return isRecord(value) ? [[name, value]] : value === true ? [[name, {}]] : [];
    });
}

/** The names an object schema marks as required. */
export function requiredOf(schema: JsonSchema, budget?: WalkBudget): string[] {
  const object = variantsOf(schema, schema, budget).find((v) => v.kind === 'object')?.schema ?? schema;
  return Array.isArray(object.required) ? object.required.filter((r): r is string => typeof r === 'string') : [];
}

/** A whole number from a schema keyword (`maxItems`, `maximum`, `maxLength`), else undefined. */
export function limitOf(schema: JsonSchema, key: string): number | undefined {
  const value = schema[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Whether `text` fits the schema's `pattern` (an unreadable pattern is no constraint we can check). */
export function fitsPattern(schema: JsonSchema, text: string): boolean {
  if (typeof schema.pattern !== 'string' || schema.pattern.length > 500) return true;
  try {
    return new RegExp(schema.pattern, 'u').test(text);
  } catch {
    return true;
  }
}
