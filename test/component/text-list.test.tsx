// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { TextList } from '../../components/page/TextList';

afterEach(cleanup);

describe('a list of lines from outside', () => {
  it('shows each line as text, in its own direction, in order', () => {
    render(
      <TextList
        class="videos"
        items={[
          { key: 'a', text: '<img src=x onerror=alert(1)>' },
          { key: 'b', text: 'مرحبا' },
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['<img src=x onerror=alert(1)>', 'مرحبا']);
    expect(items.every((li) => li.getAttribute('dir') === 'auto')).toBe(true);
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('list').className).toBe('videos');
  });
});
