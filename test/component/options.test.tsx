// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../entrypoints/options/App';
import type { AccountReply } from '../../utils/account/replies';
import { errorSentence } from '../../utils/api/error-text';
import { DEFAULT_SERVICE_URL, DEFAULT_SETTINGS, type Settings } from '../../utils/settings';
import { errReply, fakePageSend, okReply, type PageFakes } from './kit';

afterEach(cleanup);

const MB = 1024 * 1024;

/** Cache usage as the background reports it: saved transcripts under the budget, paid results kept. */
const usage = (transcripts: number, bytes: number, kept: number) => ({
  bytes: bytes + kept * 1000,
  entries: transcripts + kept,
  budgetBytes: 50 * MB,
  transcripts: { entries: transcripts, bytes },
  kept: { entries: kept, bytes: kept * 1000 },
});

function setup(handlers: PageFakes = {}, options: { hasToken?: boolean; granted?: boolean; token?: string } = {}) {
  let settings: Settings = { ...DEFAULT_SETTINGS };
  const fake = fakePageSend({
    'settings.get': () => okReply({ settings, hasToken: options.hasToken ?? true }),
    'settings.set': (m) => {
      settings = { ...settings, ...m.patch };
      return okReply({ settings });
    },
    'token.set': () => okReply({ hasToken: true }),
    'token.clear': () => okReply({ hasToken: false }),
    'cache.usage': () => okReply(usage(42, 12.3 * MB, 3)),
    ...handlers,
  });
  // What had been sent when the permission prompt opened: it must come first, inside the click's user gesture.
  const sentBeforePrompt: string[] = [];
  const requestPermission = vi.fn(async () => {
    sentBeforePrompt.push(...fake.calls().map((m) => m.type));
    return options.granted ?? true;
  });
  const copy = vi.fn(async () => {});
  const readToken = vi.fn(async () => options.token ?? 'secret-token-123');
  render(<App send={fake.send} requestPermission={requestPermission} copy={copy} readToken={readToken} />);
  return { ...fake, requestPermission, copy, readToken, sentBeforePrompt };
}

const tokenInput = () => screen.findByLabelText('API token') as Promise<HTMLInputElement>;
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (element: HTMLElement, value: string) => fireEvent.input(element, { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('options: API token', () => {
  it('is masked by default; Show toggles the input type and aria-pressed', async () => {
    setup();
    const token = await tokenInput();
    expect(token.type).toBe('password');
    const show = screen.getByRole('button', { name: 'Show' });
    expect(show.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(show);
    expect(token.type).toBe('text');
    expect(screen.getByRole('textbox', { name: 'API token' })).toBe(token);
    expect(show.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(show);
    expect(token.type).toBe('password');
  });

  it('Save sends token.set and settings.set with the other fields, then says "Saved."', async () => {
    const { of } = setup();
    type(await tokenInput(), 'demo-pro');
    fireEvent.change(screen.getByLabelText('Transcript language'), { target: { value: 'fr' } });
    fireEvent.change(screen.getByLabelText('Default analysis mode'), { target: { value: 'deep' } });
    type(input('Ask before spending more than (AI Units)'), '120');
    type(input('Cache size (MB)'), '80');
    save();
    await waitFor(() => expect(screen.getByText('Saved.')).toBeTruthy());
    expect(screen.getByText('Saved.').getAttribute('role')).toBe('status');
    expect(of('token.set')).toEqual([{ type: 'token.set', token: 'demo-pro' }]);
    expect(of('settings.set')[0]?.patch).toEqual({
      language: 'fr',
      defaultMode: 'deep',
      spendingGuard: 120,
      cacheBudgetMb: 80,
      autoLoadTranscripts: false,
      autoLoadFloor: 10,
      serviceUrl: new URL(DEFAULT_SERVICE_URL).origin,
    });
    // The token field empties once stored; it is never read back.
    expect((await tokenInput()).value).toBe('');
  });

  it('does not send token.set when no new token was typed', async () => {
    const { of } = setup();
    await tokenInput();
    save();
    await screen.findByText('Saved.');
    expect(of('token.set')).toHaveLength(0);
    expect(of('settings.set')).toHaveLength(1);
  });

  it('Test shows the plan and balances', async () => {
    const view: AccountReply = {
      plan: 'pro',
      balances: { cloudRequests: 3500, aiUnits: 10000, at: Date.now() },
      monthlyCloudRequests: 3500,
      monthlyAiUnits: 10000,
      tokenHint: null,
      planNote: null,
    };
    const { of } = setup({ 'account.get': () => okReply(view) });
    await tokenInput();
    fireEvent.click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByText('Connected: Pro plan · 3,500 Cloud Requests · 10,000 AI Units')).toBeTruthy();
    expect(of('account.get')).toEqual([{ type: 'account.get', refresh: true }]);
  });

  it('Test shows the precise error sentence in an alert', async () => {
    setup({ 'account.get': () => errReply('email_unverified', errorSentence('email_unverified')) });
    await tokenInput();
    fireEvent.click(screen.getByRole('button', { name: 'Test' }));
    expect((await screen.findByRole('alert')).textContent).toBe(errorSentence('email_unverified'));
  });

  it('Test stores a freshly pasted token before testing it', async () => {
    const { calls: sent } = setup(
      { 'account.get': () => errReply('unauthorized', errorSentence('unauthorized')) },
      { hasToken: false },
    );
    type(await tokenInput(), 'not-a-real-token');
    fireEvent.click(screen.getByRole('button', { name: 'Test' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/missing or not valid/);
    expect(
      sent()
        .map((m) => m.type)
        .filter((t) => t === 'token.set' || t === 'account.get'),
    ).toEqual(['token.set', 'account.get']);
  });

  it('Remove token clears it', async () => {
    const { of } = setup();
    await tokenInput();
    fireEvent.click(screen.getByRole('button', { name: 'Remove token' }));
    expect(await screen.findByText('Token removed.')).toBeTruthy();
    expect(of('token.clear')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Remove token' })).toBeNull();
    expect(screen.getByText(/No token saved yet/)).toBeTruthy();
  });
});

describe('options: service address', () => {
  it('refuses an invalid or plain-http address and does not save', async () => {
    const { of, requestPermission } = setup();
    await tokenInput();
    const address = screen.getByRole('textbox', { name: 'Service address' });
    type(address, 'http://example.com');
    save();
    expect((await screen.findByRole('alert')).textContent).toMatch(/Use an https:\/\/ address/);
    expect(address.getAttribute('aria-invalid')).toBe('true');
    type(address, 'not a url');
    save();
    expect((await screen.findByRole('alert')).textContent).toMatch(/Enter a full address/);
    expect(screen.getByText('Not saved: correct the fields marked above.')).toBeTruthy();
    expect(of('settings.set')).toHaveLength(0);
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('accepts http for localhost without a trailing slash, after asking permission', async () => {
    const { of, requestPermission, sentBeforePrompt } = setup();
    type(await tokenInput(), 'demo-pro');
    type(screen.getByRole('textbox', { name: 'Service address' }), 'http://127.0.0.1:8787/');
    save();
    await screen.findByText('Saved.');
    expect(requestPermission).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
    expect(sentBeforePrompt).not.toContain('token.set');
    expect(sentBeforePrompt).not.toContain('settings.set');
    expect(of('token.set')).toHaveLength(1);
    expect(of('settings.set')[0]?.patch.serviceUrl).toBe('http://127.0.0.1:8787');
  });

  it('asks for permission for a non-default address and keeps the old one when refused', async () => {
    const { of, requestPermission } = setup({}, { granted: false });
    await tokenInput();
    type(screen.getByRole('textbox', { name: 'Service address' }), 'https://transcripts.example.org');
    save();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Transcript Lens needs permission to reach https://transcripts.example.org. The address was not changed.',
    );
    expect(requestPermission).toHaveBeenCalledWith({ origins: ['https://transcripts.example.org/*'] });
    await screen.findByText('Saved, except the service address.');
    expect(of('settings.set')[0]?.patch).not.toHaveProperty('serviceUrl');
  });

  it('does not ask permission for the default address, and Reset to default restores it', async () => {
    const { requestPermission } = setup();
    await tokenInput();
    const address = screen.getByRole('textbox', { name: 'Service address' }) as HTMLInputElement;
    type(address, 'https://elsewhere.example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
    expect(address.value).toBe(DEFAULT_SERVICE_URL);
    save();
    await screen.findByText('Saved.');
    expect(requestPermission).not.toHaveBeenCalled();
  });
});

describe('options: preferences and cache', () => {
  it('offers the languages and modes, and refuses a bad spending guard', async () => {
    const { of } = setup();
    await tokenInput();
    const languages = [...(screen.getByLabelText('Transcript language') as HTMLSelectElement).options].map(
      (o) => o.value,
    );
    // "Same as the interface language" first (the default), then the codes the service takes.
    expect(languages).toEqual(['interface', 'en', 'es', 'fr', 'de', 'pt', 'ja', 'hi', 'ar', 'it', 'ko', 'zh']);
    const modes = [...(screen.getByLabelText('Default analysis mode') as HTMLSelectElement).options].map((o) => o.text);
    expect(modes).toEqual(['Quick', 'Smart', 'Deep', 'Auto']);
    expect(screen.getByRole('spinbutton', { name: 'Ask before spending more than (AI Units)' })).toBeTruthy();
    type(input('Ask before spending more than (AI Units)'), '-3');
    save();
    expect((await screen.findByRole('alert')).textContent).toMatch(/whole number of AI Units/);
    expect(of('settings.set')).toHaveLength(0);
  });

  it('shows what the cache holds and what clearing it would cost, and keeps paid results', async () => {
    const { of } = setup({ 'cache.clear': () => okReply(usage(0, 0, 3)) });
    expect(
      await screen.findByText(
        '12.3 MB of 50 MB used · 42 saved transcripts (loading them again would cost 42 Cloud Requests)',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/never removed by it: 3 paid analyses and answer lists/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear cached transcripts (42 Cloud Requests to load again)' }));
    expect(await screen.findByText(/0 MB of 50 MB used · 0 saved transcripts/)).toBeTruthy();
    expect(
      screen.getByText('Removed 42 saved transcripts; loading them again costs 1 Cloud Request each.'),
    ).toBeTruthy();
    expect(screen.getByText(/never removed by it: 3 paid analyses/)).toBeTruthy();
    expect(of('cache.clear')).toHaveLength(1);
  });

  it('saves "Load transcripts automatically" (off by default) with its floor', async () => {
    const { of } = setup();
    await tokenInput();
    const auto = screen.getByRole('checkbox', { name: 'Load transcripts automatically' }) as HTMLInputElement;
    expect(auto.checked).toBe(false);
    // The worst case is said where it is chosen: Cloud Requests only, and why never AI Units.
    const described = (auto.getAttribute('aria-describedby') ?? '').split(' ');
    const hint = described.map((id) => document.getElementById(id)?.textContent).join(' ');
    expect(hint).toMatch(
      /At worst 1 Cloud Request per video, never AI Units: where your plan or an AI top-up could transcribe a video without captions from its audio \(3 AI Units per minute\), nothing loads by itself and the panel says why\.$/,
    );
    const floor = screen.getByRole('spinbutton', { name: 'Stop loading automatically at (Cloud Requests left)' });
    expect((floor as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(auto);
    type(floor, '-1');
    save();
    expect((await screen.findByRole('alert')).textContent).toMatch(/whole number of Cloud Requests/);
    expect(of('settings.set')).toHaveLength(0);
    type(floor, '40');
    save();
    await waitFor(() => expect(of('settings.set')).toHaveLength(1));
    expect(of('settings.set')[0]?.patch).toMatchObject({ autoLoadTranscripts: true, autoLoadFloor: 40 });
  });

  it('refuses a cache size out of range', async () => {
    setup();
    await tokenInput();
    type(screen.getByRole('spinbutton', { name: 'Cache size (MB)' }), '2');
    save();
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a cache size from 5 to 1000 MB.');
  });
});

describe('options: AI assistant', () => {
  it('shows the MCP address and a snippet that hides the token until Reveal', async () => {
    const { readToken, copy } = setup();
    await tokenInput();
    const mcp = `${new URL(DEFAULT_SERVICE_URL).origin}/mcp`;
    expect(screen.getByText(mcp)).toBeTruthy();
    const snippet = () => document.querySelector('.snippet')?.textContent ?? '';
    expect(JSON.parse(snippet())).toEqual({
      mcpServers: { 'transcript-lens': { url: mcp, headers: { Authorization: 'Basic <your API token>' } } },
    });
    expect(readToken).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Copy snippet' }));
    await waitFor(() => expect(copy).toHaveBeenCalledWith(snippet()));
    expect(snippet()).not.toMatch(/secret-token-123/);

    fireEvent.click(screen.getByRole('button', { name: 'Reveal token in snippet' }));
    await waitFor(() => expect(snippet()).toMatch(/"Authorization": "Basic secret-token-123"/));
    fireEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    await waitFor(() => expect(copy).toHaveBeenLastCalledWith(mcp));
    expect(screen.getByText(/marketplace/)).toBeTruthy();
    expect(screen.getByText(/OAuth from the assistant itself/)).toBeTruthy();
    expect(screen.getByText(/access stops immediately/)).toBeTruthy();
  });

  it('uses the saved address once a new one is saved', async () => {
    setup();
    await tokenInput();
    type(screen.getByRole('textbox', { name: 'Service address' }), 'http://localhost:9000');
    save();
    expect(await screen.findByText('http://localhost:9000/mcp')).toBeTruthy();
  });
});

describe('options: version', () => {
  it('names the version at the foot of the page, and while the settings load', async () => {
    const fake = fakePageSend({ 'settings.get': () => new Promise(() => {}) });
    const { unmount } = render(<App send={fake.send} version="1.4.2" />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.getByText('Transcript Lens 1.4.2')).toBeTruthy();
    unmount();
    const loaded = fakePageSend({
      'settings.get': () => okReply({ settings: DEFAULT_SETTINGS, hasToken: false }),
      'cache.usage': () => okReply(usage(0, 0, 0)),
    });
    render(<App send={loaded.send} version="1.4.2" />);
    await screen.findByLabelText('API token');
    expect(screen.getByText('Transcript Lens 1.4.2').closest('footer')).toBeTruthy();
  });
});
