import { ServiceError } from '../../../utils/api/errors';
import type { JsonSchema } from '../../../utils/api/json-schema';
import { listTools, type McpOptions } from '../../../utils/api/mcp';
import { type MappedTool, mapToolArguments, type ToolValues } from '../../../utils/api/mcp-args';

type Deps = {
  mcp: <T>(call: (options: McpOptions) => Promise<T>) => Promise<T>;
  /** Whose list it is: the service address and the account (another server or account may publish another). */
  key: () => Promise<string>;
};

export type MappedCall = { args: Record<string, unknown>; videosPerCall: number | null };

/**
 * The tools the MCP server publishes (`tools/list`, free), read once per session of this worker for each address
 * and account, and the arguments of a call mapped onto their schema (utils/api/mcp-args.ts). A list that failed
 * is not kept: the next call reads it again.
 */
export function createToolSchemas({ mcp, key }: Deps) {
  let held: { key: string; tools: Promise<Map<string, JsonSchema>> } | null = null;

  async function tools(): Promise<Map<string, JsonSchema>> {
    const k = await key();
    if (held?.key !== k) {
      const listed = mcp((options) => listTools(options));
      const mine = { key: k, tools: listed };
      held = mine;
      listed.catch(() => {
        if (held === mine) held = null;
      });
    }
    return held.tools;
  }

  return {
    /**
     * The arguments of one call of `name`, by the server's schema. Throws a ServiceError `tool_schema` whose
     * sentence says what the schema has no way to say: then nothing is sent, so nothing is charged.
     */
    async args(name: MappedTool, values: ToolValues): Promise<MappedCall> {
      const mapped = mapToolArguments(name, (await tools()).get(name) ?? null, values);
      if (mapped.ok) return { args: mapped.args, videosPerCall: mapped.videosPerCall };
      throw new ServiceError(0, 'tool_schema', mapped.sentence, undefined, { toolSent: false }, mapped.sentence);
    },
    /** The server refused arguments written from the list held: read it again before the next call. */
    forget(): void {
      held = null;
    },
  };
}

export type ToolSchemas = ReturnType<typeof createToolSchemas>;
