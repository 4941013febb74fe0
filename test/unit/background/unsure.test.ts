import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountKey } from '../../../utils/account/key';
import type { ChannelLookup } from '../../../utils/channel/replies';
import { jobStore } from '../../../utils/jobs/store';
import type { AnswerEntry, AskQuote } from '../../../utils/panel/replies';
import type { Reply } from '../../../utils/protocol/envelope';
import { jobRecord } from '../../builders';
import { analyzeOnService } from '../../e2e/support/direct';
import { TestService } from '../../e2e/support/service';
import { type RunningService, startService } from '../../service/index';
import { resetState } from '../../service/state';
import { startBackground } from './harness';

/**
 * A purchase whose answer never arrived may have been charged: where the same thing is offered again (after a
 * reload, in another tab, by a new worker), the background says so with the price, and sends nothing by itself.
 */
let service: RunningService;
const tab = (id: number) => ({ id: 'ext', tab: { id, active: true, url: 'https://www.youtube.com/watch' } });

beforeAll(async () => {
  service = await startService({ port: 0, control: true, jobMs: 100 });
});
afterAll(() => service.close());
beforeEach(() => resetState(service.state));

const unreadable = (path: string) =>
  fetch(`${service.url}/__control/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ path, processFirst: true, body: 'malformed' }),
  });
const charges = () => service.state.charges.filter((c) => c.token === 'demo-pro');

describe('background: what may have been charged is said where it is offered again', () => {
  it('a listing charged whose answer was lost: the channel is priced again with a note', async () => {
    const { content } = await startBackground({ serviceUrl: service.url, token: 'demo-pro', sender: tab(4) });
    const get = () => content<ChannelLookup>({ type: 'channel.get', channel: '@tvamixed' });
    const first = await get();
    expect(first.ok && first.data).not.toHaveProperty('note');
    await unreadable('/api/channels');
    const quoteId = first.ok && first.data.status === 'quoted' ? first.data.quote.quoteId : '';
    const lost = await content({ type: 'channel.list', channel: '@tvamixed', quoteId });
    expect(lost).toMatchObject({ ok: false, error: { message: expect.stringMatching(/may have listed the channel/) } });

    expect(await get()).toMatchObject({
      ok: true,
      data: { status: 'quoted', listing: null, note: expect.stringMatching(/^An earlier listing of this channel may/) },
    });
    // Another channel is not in doubt.
    const other = await content<ChannelLookup>({ type: 'channel.get', channel: '@tvademo' });
    expect(other.ok && other.data).not.toHaveProperty('note');
    expect(charges()).toHaveLength(1);
  });

  it('a question charged whose answer was lost is named until it is answered', async () => {
    const { content } = await startBackground({ serviceUrl: service.url, token: 'demo-pro', sender: tab(4) });
    const videoId = 'tvaHuman001';
    // The account's analysis, finished on the service and known to the extension as ready.
    const jobId = await analyzeOnService(new TestService(service), videoId);
    const account = await accountKey('demo-pro');
    await jobStore.put(jobRecord({ account, videoId, jobId, status: 'ready' }));
    const unsure = async () => {
      const reply = await content<{ questions: string[] }>({ type: 'ask.unsure', videoId });
      return reply.ok ? reply.data.questions : reply;
    };
    const ask = async (question: string): Promise<Reply<AnswerEntry>> => {
      const quote = await content<AskQuote>({ type: 'ask.quote', videoId });
      return content<AnswerEntry>({ type: 'ask.send', videoId, question, quoteId: quote.ok ? quote.data.quoteId : '' });
    };
    expect(await unsure()).toEqual([]);

    await unreadable('/api/watch/');
    const question = 'What happens when a node fails?';
    expect(await ask(question)).toMatchObject({ ok: false, error: { message: expect.stringMatching(/may have/) } });
    expect(await unsure()).toEqual([question]);

    // The person asks it again, knowing: answered now, so no longer in doubt.
    expect((await ask(`  ${question.toUpperCase()} `)).ok).toBe(true);
    expect(await unsure()).toEqual([]);
    expect(charges().filter((c) => c.reason === 'question')).toHaveLength(2);
  });
});
