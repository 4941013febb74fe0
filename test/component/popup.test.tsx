// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { errorSentence } from '../../utils/api/error-text';
import { errReply, okReply } from './kit';
import { account, setup } from './popup.setup';

afterEach(cleanup);

describe('popup without a token', () => {
  it('offers one call to action that opens the options page', async () => {
    const { openOptions, of } = setup({}, false);
    const button = await screen.findByRole('button', { name: 'Add your API token' });
    expect(screen.getByText(/uses your API token/)).toBeTruthy();
    expect(screen.queryByText('Cloud Requests')).toBeNull();
    fireEvent.click(button);
    expect(openOptions).toHaveBeenCalledTimes(1);
    expect(of('account.get')).toHaveLength(0);
  });
});

describe('popup plan and balances', () => {
  it('shows the plan, both balances with their numbers and meters against the monthly allowance', async () => {
    const { of } = setup();
    expect(await screen.findByRole('heading', { name: 'Pro plan' })).toBeTruthy();
    expect(screen.getByText('Cloud Requests')).toBeTruthy();
    expect(screen.getByText('3,210')).toBeTruthy();
    expect(screen.getByText('AI Units')).toBeTruthy();
    expect(screen.getByText('9,876')).toBeTruthy();
    // A native <meter>: role "meter" in browsers (aria-query here does not map it, so find it by its label).
    const cloud = screen.getByLabelText('Cloud Requests left');
    expect(cloud.tagName).toBe('METER');
    expect(cloud.getAttribute('max')).toBe('3500');
    expect(cloud.getAttribute('value')).toBe('3210');
    const ai = screen.getByLabelText('AI Units left');
    expect(ai.getAttribute('max')).toBe('10000');
    // Stored first (instant), then the free MCP refresh.
    await waitFor(() => expect(of('account.get').map((m) => m.refresh)).toEqual([false, true]));
  });

  it('falls back to the plan table for the allowance', async () => {
    setup({
      'account.get': () => okReply(account({ plan: 'starter', monthlyAiUnits: null, monthlyCloudRequests: null })),
    });
    expect(await screen.findByRole('heading', { name: 'Starter plan' })).toBeTruthy();
    expect(screen.getByLabelText('AI Units left').getAttribute('max')).toBe('3000');
    expect(screen.getByLabelText('Cloud Requests left').getAttribute('max')).toBe('1000');
  });

  it('shows the stored balances at once, then the refreshed ones', async () => {
    let release: () => void = () => {};
    const fresh = new Promise<void>((resolve) => {
      release = resolve;
    });
    setup({
      'account.get': async (m) => {
        if (!m.refresh) return okReply(account({ balances: { cloudRequests: 100, aiUnits: 200, at: Date.now() } }));
        await fresh;
        return okReply(account());
      },
    });
    expect(await screen.findByText('100')).toBeTruthy();
    release();
    expect(await screen.findByText('3,210')).toBeTruthy();
    expect(screen.queryByText('100')).toBeNull();
  });

  it('with a marketplace key shows the last balances seen, their age and the plan note', async () => {
    const note = 'This key comes from an API marketplace. The plan is unknown.';
    setup({
      'account.get': () =>
        okReply(
          account({
            plan: null,
            planNote: note,
            monthlyAiUnits: null,
            monthlyCloudRequests: null,
            balances: { cloudRequests: 42, aiUnits: 1500, at: Date.now() - 5 * 60 * 1000 },
          }),
        ),
    });
    expect(await screen.findByText(note)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Plan unknown' })).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
    expect(screen.getByText('1,500')).toBeTruthy();
    expect(screen.getByText(/seen 5 minutes ago/)).toBeTruthy();
  });

  const cases: [string, RegExp][] = [
    ['unauthorized', /API token is missing or not valid/],
    ['email_unverified', /not verified yet/],
    ['unsupported_transport', /API marketplace/],
    ['network', /Check your connection or the service address/],
  ];
  for (const [code, sentence] of cases) {
    it(`shows the ${code} sentence in an alert`, async () => {
      setup({
        'account.get': (m) => (m.refresh ? errReply(code, errorSentence(code)) : okReply(account({ plan: null }))),
      });
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toMatch(sentence);
      expect(alert.getAttribute('data-code')).toBe(code);
    });
  }

  it('on unauthorized offers "Open options"; on network also a retry that asks again', async () => {
    const first = setup({
      'account.get': (m) => (m.refresh ? errReply('unauthorized', 'Bad token.') : okReply(account())),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Open options' }));
    expect(first.openOptions).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    cleanup();

    let offline = true;
    const second = setup({
      'account.get': (m) => (m.refresh && offline ? errReply('network', errorSentence('network')) : okReply(account())),
    });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    offline = false;
    fireEvent.click(retry);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(second.of('account.get').filter((m) => m.refresh)).toHaveLength(2);
  });
});
