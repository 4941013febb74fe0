import { mapToolArguments } from '../../utils/api/mcp-args';
import { hostile } from '../hostile-schema';
import { type Figure, timed } from './figures';

const SAMPLES = 7;

/**
 * mcp.hostile_schema_ms: reading a hostile `tools/list` schema of under 4 kB (../hostile-schema.ts: anyOf over
 * shared `$ref`s that a depth-bounded walk would follow for minutes) into a search's arguments, until the walk's
 * budget refuses it with a sentence. Timed in this process's V8, the engine of Chromium's worker. Goal ≤ 50 ms.
 */
export function hostileSchemaMs(): Figure {
  const samples: number[] = [];
  let refused = true;
  for (let i = 0; i < SAMPLES; i++) {
    const schema = hostile();
    const started = performance.now();
    const mapped = mapToolArguments('search_transcript', schema, { videos: ['tvaHuman001'], query: 'latency' });
    samples.push(performance.now() - started);
    refused &&= !mapped.ok;
  }
  const note = refused ? undefined : 'the schema was read, not refused: the figure measures nothing';
  return timed('mcp.hostile_schema_ms', samples, 'ms', '≤ 50', (m) => refused && m <= 50, note);
}
