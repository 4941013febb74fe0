// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/preact';
import type { ComponentProps } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { MarkedText } from '../../components/MarkedText';

afterEach(cleanup);

/** What the person sees, and each mark with its class. */
function shown(props: ComponentProps<typeof MarkedText>) {
  const { container } = render(<MarkedText {...props} />);
  const marks = [...container.querySelectorAll('mark')].map(
    (m) => `${m.textContent}${m.className && `.${m.className}`}`,
  );
  return { text: container.textContent, html: container.innerHTML, marks, bold: container.querySelector('b') };
}

describe('MarkedText: the one <mark> renderer', () => {
  it('marks the spans and keeps everything else as text, HTML included', () => {
    const seen = shown({
      text: '<b>quorum</b> and quorums',
      spans: [
        [3, 9],
        [18, 25],
      ],
    });
    expect(seen).toMatchObject({ text: '<b>quorum</b> and quorums', marks: ['quorum', 'quorums'], bold: null });
  });

  it("gives each mark its caller's class, counted in order (the cue list's active match)", () => {
    const markClass = (n: number) => (n === 1 ? 'on' : 'off');
    expect(
      shown({
        text: 'a b a b a',
        spans: [
          [0, 1],
          [4, 5],
          [8, 9],
        ],
        markClass,
      }).marks,
    ).toEqual(['a.off', 'a.on', 'a.off']);
  });

  it('no spans: the text alone', () => {
    expect(shown({ text: 'plain', spans: [] }).html).toBe('plain');
  });
});
