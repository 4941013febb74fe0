// @vitest-environment happy-dom
import { cleanup, renderHook } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { TranscriptViewProps } from '../../components/transcript/TranscriptView';
import { usePanelTranscript } from '../../components/usePanelTranscript';
import { fakeSend, stillPlayer } from './kit';

afterEach(cleanup);

const player = stillPlayer();
const { send } = fakeSend({});
// The panel builds this object anew on every render.
const props = (over: Partial<TranscriptViewProps> = {}): TranscriptViewProps => ({
  videoId: 'tvaHuman001',
  send,
  player,
  language: 'en',
  autoLoad: false,
  refreshKey: 0,
  focusKey: 0,
  ...over,
});

describe("the panel's transcript tab body", () => {
  it('stays the same element while its props keep their values, in a new object each render', () => {
    const { result, rerender } = renderHook(({ opening, given }) => usePanelTranscript(opening, given), {
      initialProps: { opening: false, given: props() },
    });
    const first = result.current;
    rerender({ opening: false, given: props() });
    expect(result.current).toBe(first);
  });

  it('is drawn again when a value changes or the panel is still opening', () => {
    const { result, rerender } = renderHook(({ opening, given }) => usePanelTranscript(opening, given), {
      initialProps: { opening: false, given: props() },
    });
    const first = result.current;
    rerender({ opening: false, given: props({ refreshKey: 1 }) });
    const refreshed = result.current;
    expect(refreshed).not.toBe(first);
    expect(refreshed.props).toMatchObject({ refreshKey: 1, videoId: 'tvaHuman001' });
    rerender({ opening: true, given: props({ refreshKey: 1 }) });
    expect(result.current.props).toMatchObject({ role: 'status' });
  });
});
