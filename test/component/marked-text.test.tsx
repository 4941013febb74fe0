// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { MarkedText } from '../../components/MarkedText';

afterEach(cleanup);

describe('MarkedText: the one <mark> renderer', () => {
  it('marks the ranges and keeps everything else as text, HTML included', () => {
    const { container } = render(
      <MarkedText
        text="<b>quorum</b> and quorums"
        ranges={[
          [3, 9],
          [18, 25],
        ]}
      />,
    );
    expect(container.textContent).toBe('<b>quorum</b> and quorums');
    expect(container.querySelector('b')).toBeNull();
    expect([...container.querySelectorAll('mark')].map((m) => [m.textContent, m.className])).toEqual([
      ['quorum', ''],
      ['quorums', ''],
    ]);
  });

  it("gives each mark its caller's class, counted in order (the cue list's active match)", () => {
    const { container } = render(
      <MarkedText
        text="a b a b a"
        ranges={[
          [0, 1],
          [4, 5],
          [8, 9],
        ]}
        markClass={(n) => (n === 1 ? 'on' : 'off')}
      />,
    );
    expect([...container.querySelectorAll('mark')].map((m) => m.className)).toEqual(['off', 'on', 'off']);
  });

  it('no ranges: the text alone', () => {
    const { container } = render(<MarkedText text="plain" ranges={[]} />);
    expect(container.innerHTML).toBe('plain');
  });
});
