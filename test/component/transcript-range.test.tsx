// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TranscriptView } from '../../components/transcript/TranscriptView';
import { fakeSend, savedTranscript, stillPlayer } from './kit';

const VIDEO = 'dQw4w9WgXcQ';
const DATA = savedTranscript(
  VIDEO,
  [
    { text: 'Hello world.', start: 0, duration: 2 },
    { text: 'Second line.', start: 65, duration: 3 },
    { text: 'Third line.', start: 3700, duration: 3 },
    { text: 'Last line.', start: 3800, duration: 3 },
  ],
  { title: 'A talk', author: 'Someone' },
);

let seek: ReturnType<typeof vi.fn<(seconds: number) => void>>;
let write: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;
let calls: string[];

async function setup() {
  const fake = fakeSend({ 'transcript.get': () => ({ ok: true, data: DATA }) });
  calls = [];
  const send: typeof fake.send = (message) => {
    calls.push(message.type);
    return fake.send(message);
  };
  seek = vi.fn<(seconds: number) => void>();
  render(<TranscriptView videoId={VIDEO} send={send} player={stillPlayer(seek)} language="en" />);
  await screen.findByRole('button', { name: '0:00 Hello world.' });
}

const field = (name: 'From' | 'To') => screen.getByRole('textbox', { name });
const type = (name: 'From' | 'To', text: string) => fireEvent.input(field(name), { target: { value: text } });

beforeEach(() => {
  write = vi.fn<(text: string) => Promise<void>>(async () => {});
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: write } });
});
afterEach(cleanup);

describe('a range of the transcript', () => {
  it('typed From and To: "Copy range" copies only the cues whose timestamps lie between them', async () => {
    await setup();
    type('From', '1:05');
    type('To', '1:01:40');
    expect(screen.getByText('1:05–1:01:40: 2 cues')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy range' }));
    await waitFor(() => expect(write).toHaveBeenCalledWith('[1:05] Second line.\n[1:01:40] Third line.\n'));
    expect(calls).toEqual(['transcript.get']);
  });

  it('one open end runs to the end; "Clear range" gives the whole transcript back', async () => {
    await setup();
    type('From', '3700');
    fireEvent.click(screen.getByRole('button', { name: 'Copy range' }));
    await waitFor(() => expect(write).toHaveBeenCalledWith('[1:01:40] Third line.\n[1:03:20] Last line.\n'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear range' }));
    expect(field('From')).toHaveProperty('value', '');
    fireEvent.click(screen.getByRole('button', { name: 'Copy transcript' }));
    await waitFor(() => expect(write).toHaveBeenLastCalledWith(expect.stringMatching(/^\[0:00\] Hello world\./)));
  });

  it('a click then a shift-click on another cue selects from the one to the other, without seeking there', async () => {
    await setup();
    fireEvent.click(screen.getByRole('button', { name: '1:01:40 Third line.' }));
    expect(seek).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: '1:05 Second line.' }), { shiftKey: true });
    expect(seek).toHaveBeenCalledTimes(1);
    expect(field('From')).toHaveProperty('value', '1:05');
    expect(field('To')).toHaveProperty('value', '1:01:40');
    expect(screen.getByText('1:05–1:01:40: 2 cues')).toBeTruthy();
  });

  it('"Download range" exports only the range in the chosen format, named for the part', async () => {
    const created: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:test/1';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await setup();
    type('From', '60');
    type('To', '1:10');
    fireEvent.click(screen.getByRole('button', { name: 'Download range' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'SRT' }));
    expect(await (created[0] as Blob).text()).toBe('1\n00:01:05,000 --> 00:01:08,000\nSecond line.\n');
    expect(names).toEqual(['A talk (1 00–1 10) [dQw4w9WgXcQ].srt']);
    vi.restoreAllMocks();
  });

  it('a field that is not a time says what to type, and Copy still gives the whole transcript', async () => {
    await setup();
    type('To', 'later');
    expect((await screen.findByRole('alert')).textContent).toBe(
      '“To” is not a time: use seconds (90), m:ss (1:30) or h:mm:ss (1:01:30).',
    );
    expect(screen.queryByRole('button', { name: 'Copy range' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy transcript' })).toBeTruthy();
  });
});
