import { type ZodType, z } from 'zod';

/**
 * What a request schema says as JSON Schema (zod's own conversion, as a client would read it): types, required
 * fields, limits, enums, whether other fields are refused. Patterns are written differently on the two sides
 * (two copies of the spec's forms), so each is left as `<pattern>` here and probed by samples instead.
 */
export function schemaFacts(schema: ZodType): unknown {
  return withoutPatterns(z.toJSONSchema(schema, { io: 'input' }));
}

function withoutPatterns(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPatterns);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, key === 'pattern' ? '<pattern>' : withoutPatterns(inner)]),
  );
}

/** A sample body and whether the spec (as both sides read it) admits it. */
export type Probe = { why: string; body: unknown; ok: boolean };

/** Whether each side admits each sample: the table's verdict, so neither side can drift with the other. */
export function verdicts(probes: readonly Probe[], product: ZodType, service: ZodType) {
  return probes.map(({ why, body }) => ({
    why,
    product: product.safeParse(body).success,
    service: service.safeParse(body).success,
  }));
}

export const expected = (probes: readonly Probe[]) => probes.map(({ why, ok }) => ({ why, product: ok, service: ok }));

/** `n` well-formed video ids. */
export const ids = (n: number): string[] => Array.from({ length: n }, (_, i) => `vid${String(i).padStart(8, '0')}`);
