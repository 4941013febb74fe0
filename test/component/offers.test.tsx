// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorAlert } from '../../components/page/ErrorAlert';
import { PanelAlert } from '../../components/page/Offers';
import { TranscriptError } from '../../components/transcript/TranscriptError';
import { AI_TOP_UP, BOUGHT_ELSEWHERE, CLOUD_PACKS, offerSentences, TRIAL } from '../../utils/account/offers';
import { errorSentence } from '../../utils/api/error-text';
import { PLANS } from '../../utils/api/schemas';
import { account, setup } from './popup.setup';

afterEach(cleanup);

const offers = () => screen.queryByRole('list', { name: 'What the service offers' });
const items = () =>
  within(offers() as HTMLElement)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('what the service offers when a balance runs out', () => {
  it('uses the spec’s words and figures, the monthly figures equal to the plans', () => {
    const figures = (key: 'monthlyCloudRequests' | 'monthlyAiUnits') =>
      Object.values(PLANS)
        .map((p) => `${p.name} ${p[key].toLocaleString('en-US')}`)
        .join(', ');
    expect(CLOUD_PACKS()).toContain('Non-expiring pay-as-you-go Cloud Request packs exist separately');
    expect(CLOUD_PACKS()).toContain(`(${figures('monthlyCloudRequests')} Cloud Requests a month)`);
    expect(AI_TOP_UP()).toContain('top-up balance is consumed after the monthly AI allowance');
    expect(AI_TOP_UP()).toContain(`(${figures('monthlyAiUnits')} AI Units a month)`);
    expect(TRIAL()).toContain('one-time trial allowance of 100 Developer Requests');
    expect(offerSentences('cloud')).toEqual([CLOUD_PACKS(), TRIAL(), BOUGHT_ELSEWHERE()]);
    expect(offerSentences('ai')).toEqual([AI_TOP_UP(), BOUGHT_ELSEWHERE()]);
  });

  it('a 402 in the panel says what the service offers, with nothing to buy; other errors do not', () => {
    const error = { code: 'insufficient_cloud_requests', message: errorSentence('insufficient_cloud_requests') };
    render(<TranscriptError kind="error" error={error} onRetry={() => {}} />);
    expect(items()).toEqual([CLOUD_PACKS(), TRIAL(), BOUGHT_ELSEWHERE()]);
    expect(screen.queryByRole('button', { name: /buy|top.?up/i })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    render(<ErrorAlert error={{ code: 'insufficient_ai_units', message: errorSentence('insufficient_ai_units') }} />);
    expect(items()).toEqual([AI_TOP_UP(), BOUGHT_ELSEWHERE()]);
    cleanup();
    render(<ErrorAlert error={{ code: 'timeout', message: errorSentence('timeout') }} />);
    expect(offers()).toBeNull();
  });

  it('the panel’s alert says the background’s sentence, with the offers only for an empty balance', () => {
    render(<PanelAlert error={{ code: 'insufficient_ai_units', message: 'No AI Units left.' }} />);
    expect(screen.getByRole('alert').textContent).toBe('No AI Units left.');
    expect(items()).toEqual([AI_TOP_UP(), BOUGHT_ELSEWHERE()]);
    cleanup();
    render(<PanelAlert error={{ code: 'timeout', message: '<b>late</b>' }} />);
    expect(screen.getByRole('alert').textContent).toBe('<b>late</b>');
    expect(offers()).toBeNull();
  });
});

describe('popup: the AI top-up and the offers', () => {
  it('shows the AI top-up balance the service reported', async () => {
    setup({ 'account.get': () => ({ ok: true, data: account({ aiTopUp: 500 }) }) });
    expect(await screen.findByText('AI top-up: 500 AI Units, used after the monthly allowance')).toBeTruthy();
    expect(offers()).toBeNull();
  });

  it('a balance at 0 says so and what the service offers, worded as information', async () => {
    const empty = account({ balances: { cloudRequests: 0, aiUnits: 9876, at: Date.now() } });
    setup({ 'account.get': () => ({ ok: true, data: empty }) });
    expect(await screen.findByText('Your Cloud Requests have run out.')).toBeTruthy();
    expect(items()).toEqual([CLOUD_PACKS(), TRIAL(), BOUGHT_ELSEWHERE()]);
    expect(screen.queryByText(/AI top-up:/)).toBeNull();
  });
});
