import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../../utils/api/errors';
import { callTool, listTools } from '../../utils/api/mcp';
import { mcpFailure } from '../../utils/api/mcp-errors';
import { errorOutcome, mayHaveCharged } from '../../utils/till/outcome';
import { type RunningService, startService } from '../service/index';
import { resetState } from '../service/state';

describe('MCP failures, as sentences by meaning', () => {
  it.each([
    [-32700, 'it could not parse the message', 'If this keeps happening, please report it.'],
    [-32600, 'the message was not a valid request', 'If this keeps happening, please report it.'],
    [-32601, 'it does not know that method', 'The service may no longer offer it; try again later.'],
    [-32602, 'it did not accept the arguments', 'Transcript Lens reads the tool’s arguments again before the next try'],
  ])('JSON-RPC %i: refused, ran nothing, nothing charged', (code, meaning, todo) => {
    const error = mcpFailure(new McpError(code, 'Bad things'), 'search_transcript', 'call');
    expect([error.code, error.details.jsonRpcCode]).toEqual(['mcp_refused', code]);
    expect(error.sentence).toContain(`The service’s MCP server refused to run search_transcript: ${meaning}`);
    expect(error.sentence).toContain(`(JSON-RPC ${code}: Bad things). It ran nothing, so nothing was charged.`);
    expect(error.sentence).toContain(todo);
    expect(errorOutcome(error, 'search').state).toBe('refused');
  });

  it('JSON-RPC -32603 while running a paid tool: it may have been charged, and the till says so', () => {
    const error = mcpFailure(new McpError(-32603, 'Index rebuilding'), 'search_transcript', 'call');
    expect(error.code).toBe('mcp_error');
    expect(error.sentence).toBe(
      'The service’s MCP server failed while trying to run search_transcript (JSON-RPC -32603: Index rebuilding). It may have run, and been charged. Try again in a few minutes.',
    );
    expect(errorOutcome(error, 'search').state).toBe('unknown');
    expect(mayHaveCharged(error, 'search', '2 Cloud Requests').sentence).toBe(
      'The service’s MCP server reported an error while running it (JSON-RPC -32603: Index rebuilding). It may have searched the videos and charged them; Transcript Lens sends nothing again by itself. Trying again costs 2 Cloud Requests.',
    );
  });

  it('a server error on a free tool costs nothing; one before the call was sent charged nothing', () => {
    expect(mcpFailure(new McpError(-32050, 'Busy'), 'account', 'call').sentence).toContain('It costs nothing.');
    const early = mcpFailure(new McpError(-32603, 'Boom'), 'search_transcript', 'connect');
    expect(early.sentence).toContain('start a conversation');
    expect(early.sentence).toContain('Nothing was asked of it yet, so nothing was charged.');
    expect(errorOutcome(early, 'search').state).toBe('refused');
  });

  it('the transport’s own failures before the call keep their words and charged nothing; after it, may have', () => {
    const network = new ServiceError(0, 'network', 'Failed to fetch');
    const before = mcpFailure(network, 'search_transcript', 'connect');
    expect([before.code, before.details.toolSent]).toEqual(['network', false]);
    expect(errorOutcome(before, 'search').state).toBe('refused');
    expect(errorOutcome(mcpFailure(network, 'search_transcript', 'call'), 'search').state).toBe('unknown');
  });

  it('the SDK’s own timeout and closed connection are a timeout and a network failure, not the server’s', () => {
    expect(mcpFailure(new McpError(-32001, 'Request timed out'), 'search_transcript', 'call').code).toBe('timeout');
    expect(mcpFailure(new McpError(-32000, 'Connection closed'), 'search_transcript', 'call').code).toBe('network');
    expect(mcpFailure(new McpError(-32000, 'Quota engine down'), 'search_transcript', 'call').code).toBe('mcp_error');
  });

  it('an answer that is no MCP answer: unreadable after the call, a sentence naming the step before it', () => {
    const after = mcpFailure(new SyntaxError('Unexpected end of JSON input'), 'search_transcript', 'call');
    expect([after.code, after.status]).toEqual(['bad_response', 200]);
    expect(errorOutcome(after, 'search').state).toBe('unknown');
    const before = mcpFailure(new Error('Unexpected content type: text/html'), 'tools/list', 'list');
    expect(before.sentence).toBe(
      'The service’s MCP server could not list its tools (Unexpected content type: text/html). Nothing was asked of it, so nothing was charged. Check the service address in the options, or try again later.',
    );
    expect(errorOutcome(before, 'search').state).toBe('refused');
  });
});

describe('the MCP client against the local service’s switches', () => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService({ port: 0, control: true });
  });
  afterAll(() => service.close());
  beforeEach(() => resetState(service.state));
  const options = () => ({ baseUrl: service.url, token: 'demo-pro' });

  it('tools/list: every tool with its input schema, under the names the server publishes', async () => {
    service.state.toolShapes.set('search_transcript', { rename: { videos: 'video_ids' }, drop: ['query'] });
    const tools = await listTools(options());
    expect(tools.size).toBe(9);
    const properties = tools.get('search_transcript')?.properties as Record<string, unknown>;
    expect(Object.keys(properties).sort()).toEqual(['from', 'to', 'video_ids']);
  });

  it('a JSON-RPC error answer becomes its sentence, and nothing was charged', async () => {
    service.state.toolShapes.set('search_transcript', { rpcError: { code: -32602, message: 'Unknown argument q' } });
    const error = await callTool(options(), 'search_transcript', { videos: ['tvaHuman001'], query: 'x' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('mcp_refused');
    expect((error as ServiceError).sentence).toContain('(JSON-RPC -32602: Unknown argument q)');
    expect(service.state.charges).toEqual([]);
  });
});
