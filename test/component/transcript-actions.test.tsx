// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayerBridge } from '../../components/player';
import { REVOKE_AFTER_MS } from '../../components/transcript/download';
import { TranscriptView } from '../../components/transcript/TranscriptView';
import { fakeSend, savedTranscript, stillPlayer } from './kit';

const VIDEO = 'dQw4w9WgXcQ';
const DATA = savedTranscript(
  VIDEO,
  [
    { text: 'Hello world.', start: 0, duration: 2 },
    { text: 'Second line.', start: 65, duration: 3 },
  ],
  { title: 'A talk', author: 'Someone' },
);

function setup() {
  const { send } = fakeSend({ 'transcript.get': () => ({ ok: true, data: DATA }) });
  render(<TranscriptView videoId={VIDEO} send={send} player={stillPlayer()} language="en" />);
  return screen.findByRole('button', { name: '0:00 Hello world.' });
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: spy } });
  return spy;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Copy transcript', () => {
  it('copies the text with timestamps by default and says "Copied"', async () => {
    const write = stubClipboard(async () => {});
    await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Copy transcript' }));
    await waitFor(() => expect(document.querySelector('.tl-copy-status')?.textContent).toBe('Copied'));
    expect(write).toHaveBeenCalledWith('[0:00] Hello world.\n[1:05] Second line.\n');
  });

  it('copies plain text when "With timestamps" is unchecked', async () => {
    const write = stubClipboard(async () => {});
    await setup();
    const box = screen.getByRole('checkbox', { name: 'With timestamps' });
    expect(box).toHaveProperty('checked', true);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Copy transcript' }));
    await waitFor(() => expect(write).toHaveBeenCalledWith('Hello world. Second line.\n'));
  });

  it('shows an alert when the clipboard refuses', async () => {
    stubClipboard(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Copy transcript' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/did not allow copying/);
    expect(document.querySelector('.tl-copy-status')?.textContent).toBe('');
  });
});

describe('Download menu', () => {
  let created: Blob[];
  let clicked: { download: string; href: string; connected: boolean }[];
  beforeEach(() => {
    created = [];
    clicked = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return `blob:test/${created.length}`;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href, connected: this.isConnected });
    });
  });

  it('opens a menu of formats with keyboard support and returns focus on Escape', async () => {
    await setup();
    const button = screen.getByRole('button', { name: 'Download' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.click(button);
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['TXT', 'SRT', 'VTT', 'Markdown', 'JSON']);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    fireEvent.keyDown(items[0] as HTMLElement, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(items[1]));
    fireEvent.keyDown(items[1] as HTMLElement, { key: 'ArrowUp' });
    fireEvent.keyDown(items[0] as HTMLElement, { key: 'ArrowUp' });
    await waitFor(() => expect(document.activeElement).toBe(items[4]));
    fireEvent.keyDown(items[4] as HTMLElement, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(created).toHaveLength(0);
  });

  it('moves focus into the menu at once, and Escape on the button closes it', async () => {
    await setup();
    const button = screen.getByRole('button', { name: 'Download' });
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe('JSON');
    fireEvent.click(button); // closes
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    button.focus(); // e.g. a key pressed before focus moved
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  const cases = [
    ['TXT', 'A talk [dQw4w9WgXcQ].txt', 'text/plain;charset=utf-8', '[1:05] Second line.'],
    ['SRT', 'A talk [dQw4w9WgXcQ].srt', 'application/x-subrip;charset=utf-8', '00:01:05,000 --> 00:01:08,000'],
    ['VTT', 'A talk [dQw4w9WgXcQ].vtt', 'text/vtt;charset=utf-8', 'WEBVTT'],
    ['Markdown', 'A talk [dQw4w9WgXcQ].md', 'text/markdown;charset=utf-8', 'A talk'],
    ['JSON', 'A talk [dQw4w9WgXcQ].json', 'application/json;charset=utf-8', '"Second line."'],
  ] as const;
  for (const [label, filename, mime, snippet] of cases) {
    it(`${label} downloads ${filename} as ${mime}`, async () => {
      await setup();
      fireEvent.click(screen.getByRole('button', { name: 'Download' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: label }));
      expect(created).toHaveLength(1);
      const blob = created[0] as Blob;
      expect(blob.type).toBe(mime);
      expect(await blob.text()).toContain(snippet);
      expect(clicked).toEqual([{ download: filename, href: 'blob:test/1', connected: true }]);
      expect(document.querySelector('a[download]')).toBeNull();
      expect(screen.queryByRole('menu')).toBeNull();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Download' }));
    });
  }

  it('revokes the object URL afterwards', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'JSON' }));
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(REVOKE_AFTER_MS);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/1');
  });

  it('inside a shadow root, closes on a press on the page', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    const container = document.createElement('div');
    root.append(container);
    const { send } = fakeSend({ 'transcript.get': () => ({ ok: true, data: DATA }) });
    const player: PlayerBridge = { duration: () => 0, currentTime: () => 0, seek: vi.fn(), onTime: () => () => {} };
    render(<TranscriptView videoId={VIDEO} send={send} player={player} language="en" />, { container });
    const inside = within(container);
    fireEvent.click(await inside.findByRole('button', { name: 'Download' }));
    await inside.findByRole('menu');
    await new Promise((resolve) => setTimeout(resolve, 50)); // the outside listener is an effect
    fireEvent.pointerDown(inside.getByRole('menuitem', { name: 'SRT' }));
    expect(inside.queryByRole('menu')).not.toBeNull();
    const page = document.createElement('p');
    document.body.append(page);
    fireEvent.pointerDown(page);
    await waitFor(() => expect(inside.queryByRole('menu')).toBeNull());
    host.remove();
    page.remove();
  });

  it('closes on a press outside', async () => {
    await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await screen.findByRole('menu');
    await new Promise((resolve) => setTimeout(resolve, 50)); // the outside listener is an effect
    fireEvent.pointerDown(screen.getByRole('searchbox'));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});
