// @vitest-environment happy-dom
import { waitFor } from '@testing-library/preact';
import { render } from 'preact';
import { describe, expect, it } from 'vitest';
import { LibraryResults } from '../../entrypoints/library/LibraryResults';
import { FIRST_SCREEN } from '../../entrypoints/library/useFirstScreen';
import type { LibraryHit } from '../../utils/library/replies';

const hitsOf = (n: number, word: string): LibraryHit[] =>
  Array.from({ length: n }, (_, i) => ({
    videoId: `vid${String(i).padStart(8, '0')}`,
    kind: 'transcript',
    at: i,
    title: `Video ${i}`,
    channel: 'C',
    text: `${word} ${i}`,
    spans: [[0, word.length]],
  }));

describe('library search results, a screenful first', () => {
  it('lays out the first screenful at once and every result after the first paint, again for a new search', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const links = () => root.querySelectorAll('a');
    // Preact's own render, not Testing Library's (whose act() would run the effects before we look).
    render(<LibraryResults result={{ state: 'done', hits: hitsOf(100, 'raft') }} />, root);
    const busy = () => root.querySelector('ol')?.getAttribute('aria-busy');
    expect(links()).toHaveLength(FIRST_SCREEN);
    expect(busy()).toBe('true');
    expect(root.textContent).toContain('100');
    await waitFor(() => expect(links()).toHaveLength(100));
    expect(busy()).toBeNull();
    expect(links()[99]?.textContent).toContain('raft 99');

    render(<LibraryResults result={{ state: 'done', hits: hitsOf(45, 'paxos') }} />, root);
    expect(links()).toHaveLength(FIRST_SCREEN);
    expect(links()[0]?.textContent).toContain('paxos 0');
    await waitFor(() => expect(links()).toHaveLength(45));

    render(<LibraryResults result={{ state: 'done', hits: hitsOf(3, 'quorum') }} />, root);
    expect(links()).toHaveLength(3);
    expect(busy()).toBeNull();
    render(null, root);
    root.remove();
  });
});
