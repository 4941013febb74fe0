import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { controlRoutes } from './control';
import { faultMiddleware } from './faults';
import type { Env } from './http';
import { mcpRoutes } from './mcp';
import { openApiDocument } from './openapi';
import { requestLog } from './request-log';
import { restRoutes } from './routes/rest';
import type { ServiceState } from './state';

export const MAX_BODY_BYTES = 1_000_000;

/** The whole HTTP surface. Order matters: CORS, request log (arrival and answer), faults, body limit, then the routes. */
export function createApp(state: ServiceState, options: { control: boolean }): Hono<Env> {
  const app = new Hono<Env>();
  // Permissive CORS for loopback use: extension pages and tests may send preflights.
  app.use(
    '*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type', 'Accept', 'Mcp-Protocol-Version', 'Mcp-Session-Id'],
      exposeHeaders: ['Retry-After', 'Mcp-Session-Id'],
      maxAge: 600,
    }),
  );
  app.use('*', requestLog(state));
  app.use('*', faultMiddleware(state));
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        c.json({ error: 'bad_request', message: `The body is larger than ${MAX_BODY_BYTES} bytes.` }, 413),
    }),
  );

  const spec = openApiDocument();
  app.get('/openapi.json', (c) => c.json(spec));
  restRoutes(app, state);
  mcpRoutes(app, state);
  if (options.control) controlRoutes(app, state);

  app.notFound((c) => c.json({ error: 'not_found', message: `No route for ${c.req.method} ${c.req.path}.` }, 404));
  app.onError((err, c) => c.json({ error: 'internal', message: err.message || 'Internal error.' }, 500));
  return app;
}
