// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { OtherFields } from '../../components/OtherFields';

afterEach(cleanup);

describe('the fields an analysis or answer has no place for', () => {
  it('shows each label and text as text, in its own direction', () => {
    const { container } = render(
      <OtherFields
        other={[
          { label: 'Mood', text: 'calm' },
          { label: 'Note', text: '<img src=x onerror=alert(1)>' },
        ]}
      />,
    );
    const terms = [...container.querySelectorAll('dt')].map((dt) => dt.textContent);
    const texts = [...container.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(terms).toEqual(['Mood', 'Note']);
    expect(texts).toEqual(['calm', '<img src=x onerror=alert(1)>']);
    expect(container.querySelector('img')).toBeNull();
    expect([...container.querySelectorAll('dt, dd')].every((el) => el.getAttribute('dir') === 'auto')).toBe(true);
  });
});
