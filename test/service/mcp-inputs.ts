import { z } from 'zod';
import { AnalysisMode } from './request-schemas';
import { Timecode } from './timecode';

/**
 * The MCP tools' arguments (spec: only `from` and `to` are shown; the rest is this service's choice, README
 * "MCP"). Strict, like the REST bodies: an argument a tool does not name is refused with JSON-RPC -32602 before
 * the tool runs (mcp-arguments.ts), so a client's misnamed argument is caught instead of silently dropped.
 * tools/list publishes them (`additionalProperties: false`).
 */

const videos = z.union([z.string(), z.array(z.string())]).describe('A video id or URL, or a list of up to 25');
const analysisId = z.union([z.number().int(), z.string()]).describe('The analysisId returned by analyze_video');

export const TOOL_INPUTS = {
  search_transcript: z.strictObject({
    videos,
    query: z.string().min(1),
    from: Timecode.optional(),
    to: Timecode.optional(),
  }),
  get_transcript: z.strictObject({
    videos,
    from: Timecode.optional(),
    to: Timecode.optional(),
    lang: z.string().optional(),
  }),
  list_channel_videos: z.strictObject({ channel: z.string().min(1) }),
  list_watchlists: z.strictObject({}),
  watchlist_activity: z.strictObject({ watchlistId: z.string(), limit: z.number().int().min(1).max(100).optional() }),
  analyze_video: z.strictObject({
    video: z.string().min(1),
    mode: AnalysisMode.optional(),
    partial: z.boolean().optional(),
    lang: z.string().optional(),
  }),
  get_analysis: z.strictObject({ analysisId }),
  ask_video: z.strictObject({ analysisId, question: z.string().trim().min(1).max(2000) }),
  account: z.strictObject({}),
} as const;
export type ToolName = keyof typeof TOOL_INPUTS;

export const isToolName = (name: string): name is ToolName => Object.hasOwn(TOOL_INPUTS, name);

/** The argument names a tool reads, as it knows them (before any /__control/mcp-tools renaming). */
export const argumentNames = (tool: ToolName): string[] => Object.keys(TOOL_INPUTS[tool].shape);
