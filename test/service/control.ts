import { getConnInfo } from '@hono/node-server/conninfo';
import type { Hono } from 'hono';
import { z } from 'zod';
import { upsertAccount } from './accounts';
import { AccountBody, FaultBody, JobsBody, OverrideBody, SlowBody, ToolShapeBody } from './control-bodies';
import { isRefusal, refuse } from './errors';
import { type Env, readBody, sendRefusal } from './http';
import { ledger } from './request-log';
import { resetState, type ServiceState } from './state';
import { videoIdOf } from './video-id';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The control API for tests: JSON in and out, loopback callers only. */
export function controlRoutes(app: Hono<Env>, state: ServiceState): void {
  app.use('/__control/*', async (c, next) => {
    const address = getConnInfo(c).remote.address ?? '';
    if (!LOOPBACK.has(address)) return c.json({ error: 'forbidden', message: 'Control API is loopback only.' }, 403);
    await next();
  });

  app.post('/__control/reset', (c) => {
    resetState(state);
    return c.json({ ok: true });
  });

  app.get('/__control/ledger', (c) => c.json(ledger(state)));

  app.post('/__control/faults', async (c) => {
    const body = await readBody(c, FaultBody);
    if (isRefusal(body)) return sendRefusal(c, body);
    state.faults.push({ ...body, times: body.times ?? 1 });
    return c.json({ ok: true, faults: state.faults.length });
  });
  app.delete('/__control/faults', (c) => {
    state.faults.length = 0;
    return c.json({ ok: true, faults: 0 });
  });

  app.post('/__control/slow', async (c) => {
    const body = await readBody(c, SlowBody);
    if (isRefusal(body)) return sendRefusal(c, body);
    state.slow.push(body);
    return c.json({ ok: true, slow: state.slow.length });
  });
  app.delete('/__control/slow', (c) => {
    state.slow.length = 0;
    return c.json({ ok: true, slow: 0 });
  });

  app.post('/__control/jobs', async (c) => {
    const body = await readBody(c, JobsBody);
    if (isRefusal(body)) return sendRefusal(c, body);
    if (body.durationMs !== undefined) state.jobConfig.durationMs = body.durationMs;
    if (body.failNext) state.jobConfig.failNext = body.failNext;
    if (body.endStarted) {
      const now = state.now();
      for (const job of state.jobs.byId.values()) job.durationMs = Math.min(job.durationMs, now - job.createdAt);
    }
    return c.json({ ok: true, ...state.jobConfig });
  });

  app.post('/__control/override', async (c) => {
    const body = await readBody(c, OverrideBody);
    if (isRefusal(body)) return sendRefusal(c, body);
    const videoId = videoIdOf(body.videoId);
    if (!videoId) return sendRefusal(c, refuse(400, 'bad_request', 'videoId is not a video id.'));
    const current = state.overrides.get(videoId) ?? {};
    if ('artifact' in body) current.artifact = body.artifact;
    if ('answer' in body) current.answer = body.answer;
    state.overrides.set(videoId, current);
    return c.json({ ok: true, videoId });
  });

  app.post('/__control/mcp-tools', async (c) => {
    const body = await readBody(c, ToolShapeBody);
    if (isRefusal(body)) return sendRefusal(c, body);
    const { tool, ...shape } = body;
    state.toolShapes.set(tool, shape);
    return c.json({ ok: true, tool, ...shape });
  });
  app.delete('/__control/mcp-tools', (c) => {
    state.toolShapes.clear();
    return c.json({ ok: true });
  });

  app.post('/__control/accounts', async (c) => {
    const body = await readBody(c, AccountBody);
    if (isRefusal(body)) return sendRefusal(c, body);
    return c.json(upsertAccount(state.accounts, body));
  });

  app.post('/__control/unavailable', async (c) => {
    const body = await readBody(c, z.object({ on: z.boolean() }));
    if (isRefusal(body)) return sendRefusal(c, body);
    state.unavailable = body.on;
    return c.json({ ok: true, unavailable: state.unavailable });
  });

  app.post('/__control/limits', async (c) => {
    const body = await readBody(c, z.object({ enabled: z.boolean() }));
    if (isRefusal(body)) return sendRefusal(c, body);
    state.limitsEnabled = body.enabled;
    if (!body.enabled) state.windows.clear();
    return c.json({ ok: true, enabled: state.limitsEnabled });
  });
}
