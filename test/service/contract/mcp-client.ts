import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** One stateless exchange with the SDK's own client: connect (initialize), then `work`, then close. */
export async function withMcpClient<T>(
  serviceUrl: string,
  work: (client: Client) => Promise<T>,
  token = 'demo-pro',
): Promise<T> {
  const client = new Client({ name: 'contract-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${serviceUrl}/mcp`), {
      requestInit: { headers: { Authorization: `Basic ${token}` } },
    }),
  );
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}
