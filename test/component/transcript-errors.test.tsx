// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TranscriptView } from '../../components/transcript/TranscriptView';
import { AUTO_RETRY_MS, MAX_AUTO_RETRIES } from '../../components/transcript/useTranscript';
import { errorSentence } from '../../utils/api/error-text';
import type { TranscriptFailed, TranscriptNotLoaded, TranscriptReply } from '../../utils/panel/replies';
import type { Reply } from '../../utils/protocol/envelope';
import type { ContentOf } from '../../utils/protocol/requests';
import type { Send } from '../../utils/protocol/send';
import { fakeSend, stillPlayer } from './kit';

const VIDEO = 'dQw4w9WgXcQ';
const OTHER = 'abcdefghijk';
const TERMINAL = ['invalid_id', 'no_transcript', 'transcripts_disabled', 'video_unavailable', 'age_restricted'];
const RETRYABLE = ['fetch_failed', 'ip_blocked', 'request_blocked', 'service_paused', 'internal'];
const FREE = 'Failed lookups are free: nothing was charged.';

const player = stillPlayer();

function failure(code: string, over: Partial<TranscriptFailed> = {}): TranscriptFailed {
  return {
    status: 'failed',
    videoId: VIDEO,
    code,
    message: errorSentence(code),
    retryable: RETRYABLE.includes(code),
    charged: false,
    audioOffer: null,
    ...over,
  };
}

const notLoaded = (videoId: string): TranscriptNotLoaded => ({
  status: 'not_loaded',
  videoId,
  quote: { quoteId: `q-${videoId}`, cloudRequests: 1, balance: 20, audio: null },
});

/** Nothing saved: the lookup is free and gives a price; `answer` answers the load the person asks for. */
function mount(answer: (m: ContentOf<'transcript.load'>) => Reply<TranscriptReply>, videoId = VIDEO) {
  const { send, fn, of } = fakeSend({
    'transcript.get': (m) => ({ ok: true, data: notLoaded(m.videoId) }),
    'transcript.load': answer,
  });
  const view = render(<TranscriptView videoId={videoId} send={send} player={player} language="en" />);
  return { fn, send, view, loads: () => of('transcript.load') };
}

const load = (videoId = VIDEO) => ({
  type: 'transcript.load',
  videoId,
  lang: 'en',
  consent: { quoteId: `q-${videoId}` },
});

/** The person presses "Load transcript" (under fake timers, settle first). */
const pressLoad = async () => fireEvent.click(await screen.findByRole('button', { name: 'Load transcript' }));
const pressLoadNow = () => fireEvent.click(screen.getByRole('button', { name: 'Load transcript' }));

/** Lets the fake send's promise settle and Preact render, under fake timers. */
const settle = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(50);
  });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('per-video failures', () => {
  for (const code of [...TERMINAL, 'video_unplayable']) {
    it(`${code}: shows its sentence and that nothing was charged, without Retry`, async () => {
      mount(() => ({ ok: true, data: failure(code) }));
      await pressLoad();
      expect((await screen.findByRole('alert')).textContent).toBe(errorSentence(code));
      expect(screen.getByText(FREE)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    });
  }

  for (const code of RETRYABLE) {
    it(`${code}: shows its sentence and a Retry that loads again on a fresh price`, async () => {
      const { loads } = mount(() => ({ ok: true, data: failure(code) }));
      await pressLoad();
      expect((await screen.findByRole('alert')).textContent).toBe(errorSentence(code));
      expect(screen.getByText(FREE)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(loads()).toHaveLength(2));
      expect(loads().at(-1)).toEqual(load());
    });
  }

  it('no_transcript with an audio offer explains the paid transcription, with no button that spends', async () => {
    const audioOffer = { aiUnitsPerMinute: 3, cloudRequests: 1, paidPlanNeeded: true };
    mount(() => ({ ok: true, data: failure('no_transcript', { audioOffer }) }));
    await pressLoad();
    await screen.findByRole('alert');
    expect(screen.getByText(/available on paid plans .* at 3 AI Units per minute \+ 1 Cloud Request\./)).toBeTruthy();
    const buttons = screen.queryAllByRole('button').map((b) => b.textContent);
    expect(buttons.filter((b) => /transcribe|buy|start/i.test(b ?? ''))).toEqual([]);
  });

  it('no audio offer line without an offer', async () => {
    mount(() => ({ ok: true, data: failure('no_transcript') }));
    await pressLoad();
    await screen.findByRole('alert');
    expect(screen.queryByText(/AI Units per minute/)).toBeNull();
  });

  it('retries a retryable failure by itself after 30 s, a limited number of times', async () => {
    vi.useFakeTimers();
    const { loads } = mount(() => ({ ok: true, data: failure('fetch_failed') }));
    await settle();
    pressLoadNow();
    await settle();
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByText(/Trying again by itself in 30 seconds/)).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTO_RETRY_MS - 100);
    });
    expect(loads()).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(loads()).toHaveLength(2);
    expect(loads().at(-1)).toEqual(load());
    for (let i = 0; i < MAX_AUTO_RETRIES + 2; i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(AUTO_RETRY_MS + 100);
      });
    }
    expect(loads()).toHaveLength(1 + MAX_AUTO_RETRIES);
    expect(screen.queryByText(/Trying again by itself/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('does not retry a terminal failure by itself', async () => {
    vi.useFakeTimers();
    const { loads } = mount(() => ({ ok: true, data: failure('video_unavailable') }));
    await settle();
    pressLoadNow();
    await settle();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTO_RETRY_MS * 3);
    });
    expect(loads()).toHaveLength(1);
  });

  it('cancels the automatic retry on unmount and on a new video', async () => {
    vi.useFakeTimers();
    const first = mount((m) => ({
      ok: true,
      data: m.videoId === OTHER ? failure('invalid_id') : failure('ip_blocked'),
    }));
    await settle();
    pressLoadNow();
    await settle();
    first.view.rerender(<TranscriptView videoId={OTHER} send={first.send} player={player} language="en" />);
    await settle();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTO_RETRY_MS * 2);
    });
    expect(first.loads()).toEqual([load()]);
    cleanup();

    const second = mount(() => ({ ok: true, data: failure('service_paused') }));
    await settle();
    pressLoadNow();
    await settle();
    second.view.unmount();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTO_RETRY_MS * 2);
    });
    expect(second.loads()).toHaveLength(1);
  });
});

describe('request-level errors', () => {
  const cases: [string, boolean][] = [
    ['network', true],
    ['timeout', true],
    ['rate_limited', true],
    ['server_error', true],
    // May have been charged without arriving: the sentence gives the price; trying again is the person's click.
    ['bad_response', true],
    ['unknown_outcome', true],
    ['unauthorized', false],
    ['no_token', false],
    ['insufficient_cloud_requests', false],
    ['email_unverified', false],
  ];
  for (const [code, retry] of cases) {
    it(`${code}: shows the sentence${retry ? ' and Retry' : ''}`, async () => {
      const { loads } = mount(() => ({ ok: false, error: { code, message: errorSentence(code) } }));
      await pressLoad();
      expect((await screen.findByRole('alert')).textContent).toBe(errorSentence(code));
      const button = screen.queryByRole('button', { name: 'Retry' });
      expect(button !== null).toBe(retry);
      if (button) {
        fireEvent.click(button);
        await waitFor(() => expect(loads()).toHaveLength(2));
      }
    });
  }

  it('a thrown send becomes an alert, not a crash', async () => {
    const send: Send = async () => {
      throw new Error('port closed');
    };
    render(<TranscriptView videoId={VIDEO} send={send} player={player} language="en" />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be reached/);
  });
});
