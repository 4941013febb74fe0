import { parseArgs } from 'node:util';
import { SEEDED_TOKENS, startService } from './index';

/** npm run service -- --port 8787 [--control] [--job-ms 20000] [--host 127.0.0.1] */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    host: { type: 'string', default: '127.0.0.1' },
    control: { type: 'boolean', default: false },
    'job-ms': { type: 'string', default: '20000' },
  },
});

const port = Number(values.port);
const jobMs = Number(values['job-ms']);
if (!Number.isInteger(port) || port < 0 || !Number.isFinite(jobMs) || jobMs < 0) {
  console.error('Usage: npm run service -- --port 8787 [--control] [--job-ms 20000]');
  process.exit(2);
}

const service = await startService({ port, host: values.host, control: values.control, jobMs });
console.log(`Transcript and Video Analysis Service (local) listening on ${service.url}`);
console.log(`Tokens (send "Authorization: Basic <token>"): ${SEEDED_TOKENS.join(', ')}`);
console.log(`Control API: ${values.control ? `${service.url}/__control/*` : 'off (start with --control)'}`);
console.log(`Jobs take ${jobMs} ms. OpenAPI: ${service.url}/openapi.json. MCP: ${service.url}/mcp`);

const stop = () => {
  void service.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
