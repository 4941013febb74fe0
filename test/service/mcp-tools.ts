import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type Account, balances } from './accounts';
import { listChannels } from './channels';
import { isRefusal, type Refusal } from './errors';
import { findJob } from './jobs';
import { TOOL_INPUTS } from './mcp-inputs';
import { getTranscripts, searchTranscripts } from './mcp-transcripts';
import { PLANS } from './plans';
import { askJob } from './questions';
import type { ServiceState } from './state';
import { jobBody, startAnalysis } from './watch';
import { recorded, watchlistsOf } from './watchlists';

type Data = Record<string, unknown>;

const ok = (data: Data): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(data) }],
  structuredContent: data,
});

/** Something the assistant can act on: a successful tool result flagged isError, with a clear sentence. */
const problem = (error: string, message: string, extra: Data = {}): CallToolResult => ({
  content: [{ type: 'text', text: `${message} (${error})` }],
  structuredContent: { error, message, ...extra },
  isError: true,
});

const refused = ({ body: { error, message, ...extra } }: Refusal): CallToolResult => problem(error, message, extra);

const noAnalysis = () => problem('not_found', 'No analysis with this analysisId on your account.');

/** Renames jobId to analysisId: the agent tools speak of analyses. */
function asAnalysis(body: object): Data {
  const { jobId, ...rest } = body as Data;
  return { analysisId: jobId, ...rest };
}

export function registerTools(server: McpServer, state: ServiceState, account: Account): void {
  const withBalances = (data: Data): Data => ({ ...data, ...balances(account) });

  server.registerTool(
    'search_transcript',
    {
      description:
        'Find where videos discuss something: timestamps, quoted context, deep links. 1 Cloud Request per video.',
      inputSchema: TOOL_INPUTS.search_transcript,
    },
    async (args) => {
      const results = searchTranscripts(state, account, args);
      return isRefusal(results) ? refused(results) : ok(withBalances({ query: args.query, results }));
    },
  );

  server.registerTool(
    'get_transcript',
    {
      description:
        'Full transcript text and timed segments, optionally between from and to. 1 Cloud Request per video.',
      inputSchema: TOOL_INPUTS.get_transcript,
    },
    async (args) => {
      const results = getTranscripts(state, account, args);
      return isRefusal(results) ? refused(results) : ok(withBalances({ results }));
    },
  );

  server.registerTool(
    'list_channel_videos',
    {
      description:
        'Recent uploads of a channel (@handle, URL or UC… id), newest first. 1 Cloud Request. Starter and up.',
      inputSchema: TOOL_INPUTS.list_channel_videos,
    },
    async ({ channel }) => {
      const results = listChannels(state, account, [channel], 'mcp:list_channel_videos');
      if (isRefusal(results)) return refused(results);
      const [result] = results;
      if (!result || 'error' in result) {
        return problem(result?.error ?? 'internal', result?.message ?? 'Listing failed.');
      }
      return ok(withBalances({ ...result }));
    },
  );

  server.registerTool(
    'list_watchlists',
    {
      description: 'Your watchlists and how many uploads each has recorded. Free.',
      inputSchema: TOOL_INPUTS.list_watchlists,
    },
    async () =>
      ok({
        watchlists: watchlistsOf(account).map((list) => {
          const uploads = recorded(list);
          return { ...list, recordedUploads: uploads.length, lastRecordedAt: uploads[0]?.publishedAt ?? null };
        }),
      }),
  );

  server.registerTool(
    'watchlist_activity',
    {
      description: 'Newest uploads recorded for one watchlist. Free.',
      inputSchema: TOOL_INPUTS.watchlist_activity,
    },
    async ({ watchlistId, limit }) => {
      const list = watchlistsOf(account).find((w) => w.watchlistId === watchlistId);
      if (!list) return problem('not_found', 'No watchlist with this id. Call list_watchlists for the ids.');
      const uploads = recorded(list)
        .slice(0, limit ?? 20)
        .map(({ id, ...rest }) => ({ videoId: id, ...rest, url: `https://www.youtube.com/watch?v=${id}` }));
      return ok({ watchlistId, name: list.name, uploads });
    },
  );

  server.registerTool(
    'analyze_video',
    {
      description: 'Start an analysis; returns analysisId at once. 3 AI Units per minute (30 for deep).',
      inputSchema: TOOL_INPUTS.analyze_video,
    },
    async ({ video, mode, partial, lang }) => {
      const started = startAnalysis(state, account, { id: video, mode, partial, lang }, 'mcp:analyze_video');
      return isRefusal(started) ? refused(started) : ok(withBalances(asAnalysis(jobBody(state, started.job))));
    },
  );

  server.registerTool(
    'get_analysis',
    {
      description: 'Read an analysis: its status, and when ready the summary, chapters, key points, evidence. Free.',
      inputSchema: TOOL_INPUTS.get_analysis,
    },
    async (args) => {
      const job = findJob(state.jobs, account.token, String(args.analysisId));
      return job ? ok(asAnalysis(jobBody(state, job))) : noAnalysis();
    },
  );

  server.registerTool(
    'ask_video',
    {
      description: 'Ask a question about a finished analysis; citations are verified. 1 AI Unit.',
      inputSchema: TOOL_INPUTS.ask_video,
    },
    async (args) => {
      const answer = askJob(state, account, String(args.analysisId), args.question, 'mcp:ask_video');
      if (isRefusal(answer)) return answer.status === 404 ? noAnalysis() : refused(answer);
      return typeof answer === 'object' && answer !== null ? ok(asAnalysis(answer)) : ok({ answer });
    },
  );

  server.registerTool(
    'account',
    { description: 'Plan and remaining Cloud Request and AI Unit balances. Free.', inputSchema: TOOL_INPUTS.account },
    async () => {
      const limits = PLANS[account.plan];
      return ok({
        plan: account.plan,
        ...balances(account),
        monthlyCloudRequests: limits.monthlyCloudRequests,
        monthlyAiUnits: limits.monthlyAiUnits,
        aiTopUp: account.aiTopUp,
      });
    },
  );
}
