import { z } from 'zod';

/** from/to of the MCP transcript tools (spec: seconds as an integer, m:ss, or h:mm:ss). */
export const Timecode = z.union([
  z.number().int().nonnegative(),
  z.string().regex(/^\d+$|^\d+:[0-5]\d$|^\d+:[0-5]\d:[0-5]\d$/),
]);
export type Timecode = z.infer<typeof Timecode>;

/** Seconds from whole seconds, "m:ss" or "h:mm:ss"; undefined when absent or malformed. */
export function parseTimecode(value: Timecode | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : undefined;
  const match = /^(?:(\d+):)?(?:(\d+):)?(\d+)$/.exec(value.trim());
  if (!match) return undefined;
  const parts = value.trim().split(':').map(Number);
  if (parts.slice(1).some((p) => p > 59)) return undefined;
  return parts.reduce((total, part) => total * 60 + part, 0);
}
