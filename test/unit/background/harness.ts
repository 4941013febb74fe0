import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCoreAndTill, createServices } from '../../../entrypoints/background';
import { tokenItem } from '../../../utils/account/secrets';
import type { BulkQuote, BulkStatus, ChannelLookup } from '../../../utils/channel/replies';
import type { ConsentOpened, ConsentResult, ConsentStatus } from '../../../utils/consent/replies';
import type { JobReply } from '../../../utils/panel/replies';
import type { Reply } from '../../../utils/protocol/envelope';
import type { SenderLike } from '../../../utils/protocol/receive';
import type { ContentMessage } from '../../../utils/protocol/requests';
import type { WindowPurchase } from '../../../utils/protocol/window-purchase';
import { DEFAULT_SETTINGS, type Settings, settingsItem } from '../../../utils/settings';
import type { ServiceSearch } from '../../../utils/video-search/replies';

type Handlers = ReturnType<typeof createServices>['handlers'];

/**
 * The background as a fresh worker starts it, with WXT's fake browser pointed at the local service: the host
 * permission granted (as the test build's manifest does), the settings and the token stored.
 */
export async function startBackground(options: {
  serviceUrl: string;
  token: string;
  sender: SenderLike;
  settings?: Partial<Settings>;
}) {
  fakeBrowser.reset();
  fakeBrowser.permissions.contains = async () => true;
  await settingsItem.setValue({ ...DEFAULT_SETTINGS, serviceUrl: options.serviceUrl, ...options.settings });
  await tokenItem.setValue(options.token);
  const core = createCoreAndTill();
  const { tracking, handlers, consent, menu, bulk } = createServices({ core });
  /** A content-script message from the panel's tab (or another sender), with the reply type the test reads. */
  const content = async <T>(message: ContentMessage, sender: SenderLike = options.sender) =>
    (await handlers.content(message, sender)) as Reply<T>;
  return { core, tracking, handlers, consent, menu, bulk, content };
}

type Background = Awaited<ReturnType<typeof startBackground>>;

/** A content message's data, or its error thrown: for steps a test needs to succeed. */
export const dataOf =
  (bg: Background) =>
  async <T>(message: ContentMessage): Promise<T> => {
    const reply = await bg.content<T>(message);
    if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
    return reply.data;
  };

/** A bulk run's start as a panel makes it: the channel listed (its quote accepted), `count` uploads from `offset` priced. */
export async function quotedUploads(bg: Background, channel: string, count: number, offset = 0) {
  const content = dataOf(bg);
  const lookup = await content<ChannelLookup>({ type: 'channel.get', channel });
  const quoteId = lookup.status === 'quoted' ? lookup.quote.quoteId : '';
  const listed = await content<ChannelLookup>({ type: 'channel.list', channel, quoteId });
  const uploads = listed.status === 'quoted' ? (listed.listing?.uploads ?? []) : [];
  const ids = uploads.slice(offset, offset + count).map((u) => u.id);
  const quote = await content<BulkQuote>({ type: 'bulk.quote', channel, ids });
  return { ids, quote };
}

/** The confirmation window's page, as the browser names its sender: in the window opened last. */
export async function windowSender(): Promise<SenderLike> {
  const windowId = (await fakeBrowser.windows.getAll()).at(-1)?.id;
  return { id: 'ext', url: 'chrome-extension://ext/confirm.html?request=x', tab: { id: 900, windowId } };
}

/**
 * A big spend as a person makes it: the panel (this sender) asks for the window, the window shows the price,
 * the person presses Spend there. The reply is Spend's result as the panel reads it, or the first refusal.
 */
export async function spendInWindow(
  handlers: Handlers,
  purchase: WindowPurchase,
  panel: SenderLike,
): Promise<Reply<ConsentResult>> {
  const opened = (await handlers.content({ type: 'consent.open', purchase }, panel)) as Reply<ConsentOpened>;
  if (!opened.ok) return opened;
  const { requestId } = opened.data;
  const window = await windowSender();
  const view = await handlers.page({ type: 'consent.pending', requestId }, window);
  if (!view.ok) return view;
  const decided = await handlers.page({ type: 'consent.decide', requestId, accept: true }, window);
  if (!decided.ok) return decided;
  const status = (await handlers.content({ type: 'consent.status', requestId }, panel)) as Reply<ConsentStatus>;
  if (!status.ok) return status;
  if (status.data.state !== 'done' || status.data.result === null) throw new Error(`not bought: ${status.data.state}`);
  return { ok: true, data: status.data.result };
}

/** What a Spend started, by kind (a test that reads another kind fails here). */
export function runOf(result: ConsentResult): BulkStatus {
  if (result.kind !== 'bulk') throw new Error(`a ${result.kind}, not a run`);
  return result.run;
}
export function foundOf(result: ConsentResult): ServiceSearch {
  if (result.kind !== 'search') throw new Error(`a ${result.kind}, not a search`);
  return result.found;
}
export function jobOf(result: ConsentResult): JobReply {
  if (result.kind !== 'analysis') throw new Error(`a ${result.kind}, not an analysis`);
  return result.job;
}

/**
 * A track of `videoId` the service delivered, kept as a Load keeps it, whose last cue ends at `endSeconds`: what
 * vouches for the page's length of an analysis (entrypoints/background/panel/analysis-length.ts).
 */
export async function keepTrack(bg: Pick<Background, 'core'>, videoId: string, endSeconds: number): Promise<void> {
  const segments = [{ text: 'words', start: Math.max(0, endSeconds - 4), duration: Math.min(4, endSeconds) }];
  await bg.core.keeper.put('transcript', `${videoId}:en`, {
    status: 'ok',
    videoId,
    fetchedAt: Date.now(),
    title: `Title of ${videoId}`,
    author: 'Chan',
    language: 'English',
    languageCode: 'en',
    isGenerated: false,
    text: 'words',
    segments,
  });
}
