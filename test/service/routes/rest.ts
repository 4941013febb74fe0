import type { Hono } from 'hono';
import { balances } from '../accounts';
import { channelPlanRefusal, listChannels } from '../channels';
import { isRefusal, refuse } from '../errors';
import { authenticate, type Env, rateLimit, readBody, respond, sendRefusal } from '../http';
import { findJob } from '../jobs';
import { askJob } from '../questions';
import type { RateKind } from '../rate-limit';
import { AskRequest, ChannelRequest, TranscriptRequest, WatchRequest } from '../request-schemas';
import type { ServiceState } from '../state';
import { resultsJson } from '../stored-transcripts';
import { deliverTranscripts } from '../transcripts';
import { jobBody, startAnalysis } from '../watch';

function kindOf(method: string, path: string): RateKind {
  if (method === 'GET' && /^\/api\/watch\/[^/]+$/.test(path)) return 'poll';
  if (method === 'POST' && path === '/api/watch') return 'start';
  return 'rest';
}

export function restRoutes(app: Hono<Env>, state: ServiceState): void {
  app.use('/api/*', async (c, next) => {
    const account = authenticate(state, c.req.header('Authorization'));
    if (isRefusal(account)) return sendRefusal(c, account);
    const limited = rateLimit(state, account, kindOf(c.req.method, c.req.path));
    if (limited) return sendRefusal(c, limited);
    c.set('account', account);
    await next();
  });

  app.post('/api/transcripts', async (c) => {
    const body = await readBody(c, TranscriptRequest);
    if (isRefusal(body)) return sendRefusal(c, body);
    const account = c.get('account');
    const results = deliverTranscripts(state, account, body.ids, body.lang ?? 'en', 'transcript');
    if (isRefusal(results)) return sendRefusal(c, results);
    const balance = balances(account);
    // The body JSON.stringify would write, the stored transcripts' JSON joined rather than written again.
    const tail = JSON.stringify({ ...balance, creditsRemaining: balance.cloudRequestsRemaining });
    return c.body(`{"results":${resultsJson(results)},${tail.slice(1)}`, 200, { 'Content-Type': 'application/json' });
  });

  app.post('/api/channels', async (c) => {
    const account = c.get('account');
    // The plan check comes first: a Free account learns it needs an upgrade whatever it sent.
    const gated = channelPlanRefusal(account);
    if (gated) return sendRefusal(c, gated);
    const body = await readBody(c, ChannelRequest);
    if (isRefusal(body)) return sendRefusal(c, body);
    const results = listChannels(state, account, body.ids, 'channel_listing');
    return isRefusal(results) ? sendRefusal(c, results) : c.json({ results, ...balances(account) });
  });

  app.post('/api/watch', async (c) => {
    const body = await readBody(c, WatchRequest);
    if (isRefusal(body)) return sendRefusal(c, body);
    const account = c.get('account');
    const started = startAnalysis(state, account, body, 'analysis');
    if (isRefusal(started)) return sendRefusal(c, started);
    return c.json({ ...jobBody(state, started.job), ...balances(account) }, started.status);
  });

  app.get('/api/watch/:jobId', (c) => {
    const job = findJob(state.jobs, c.get('account').token, c.req.param('jobId'));
    if (!job) return sendRefusal(c, refuse(404, 'not_found', 'No analysis job with this id on your account.'));
    return c.json(jobBody(state, job));
  });

  app.post('/api/watch/:jobId/ask', async (c) => {
    const body = await readBody(c, AskRequest);
    if (isRefusal(body)) return sendRefusal(c, body);
    return respond(c, askJob(state, c.get('account'), c.req.param('jobId'), body.question, 'question'));
  });
}
