import { render } from '@testing-library/preact';
import { vi } from 'vitest';
import { App } from '../../entrypoints/popup/App';
import type { AccountReply } from '../../utils/account/replies';
import type { JobReply } from '../../utils/panel/replies';
import type { BroadcastMessage, Listen } from '../../utils/protocol/broadcasts';
import { DEFAULT_SETTINGS } from '../../utils/settings';
import { jobReply } from '../builders';
import { fakePageSend, okReply, type PageFakes } from './kit';

export const account = (over: Partial<AccountReply> = {}): AccountReply => ({
  plan: 'pro',
  balances: { cloudRequests: 3210, aiUnits: 9876, at: Date.now() },
  monthlyCloudRequests: 3500,
  monthlyAiUnits: 10000,
  planNote: null,
  tokenHint: '…o-pro',
  ...over,
});

export const job = (over: Partial<JobReply> = {}): JobReply =>
  jobReply({
    jobId: 1,
    status: 'processing',
    startedAt: Date.now() - 65_000,
    title: 'Never gonna give you up',
    ...over,
  });

/** Renders the popup against a fake background; `push` delivers a broadcast as the background would. */
export function setup(handlers: PageFakes = {}, hasToken = true) {
  const fake = fakePageSend({
    'settings.get': () => okReply({ settings: DEFAULT_SETTINGS, hasToken }),
    'account.get': () => okReply(account()),
    'jobs.list': () => okReply([]),
    ...handlers,
  });
  const openOptions = vi.fn();
  const openTab = vi.fn();
  let pushed: ((m: BroadcastMessage) => void) | null = null;
  const listen: Listen = (listener) => {
    pushed = listener;
    return () => {
      pushed = null;
    };
  };
  render(<App send={fake.send} openOptions={openOptions} openTab={openTab} listen={listen} />);
  const push = (m: BroadcastMessage) => pushed?.(m);
  return { ...fake, openOptions, openTab, push };
}
