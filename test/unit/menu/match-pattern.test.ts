import { describe, expect, it } from 'vitest';
import { matchesPattern } from '../../match-pattern';

// Chrome's documented examples (Match patterns, extensions docs), and the rules MDN states for the path.
const CASES: Array<[string, string, boolean]> = [
  ['https://*/foo*', 'https://example.com/foo/bar.html', true],
  ['https://*/foo*', 'https://www.google.com/foo', true],
  ['https://*/foo*', 'http://example.com/foo', false],
  ['https://*.google.com/foo*bar', 'https://www.google.com/foo/baz/bar', true],
  ['https://*.google.com/foo*bar', 'https://docs.google.com/foobar', true],
  ['https://*.google.com/foo*bar', 'https://google.com/foobar', true],
  ['https://*.google.com/foo*bar', 'https://google.com.evil.example/foobar', false],
  ['https://example.org/foo/bar.html', 'https://example.org/foo/bar.html', true],
  ['https://example.org/foo/bar.html', 'https://example.org/foo/bar.htm', false],
  ['http://127.0.0.1/*', 'http://127.0.0.1/', true],
  ['http://127.0.0.1/*', 'http://127.0.0.1/foo/bar.html', true],
  ['http://localhost/*', 'http://localhost:3000/', true],
  ['http://localhost:8080/*', 'http://localhost:3000/', false],
  ['*://mail.google.com/', 'http://mail.google.com/', true],
  ['*://mail.google.com/', 'https://mail.google.com/', true],
  ['*://mail.google.com/', 'ftp://mail.google.com/', false],
  // The path pattern is matched against the path and the query, never the fragment.
  ['https://a.example/watch*', 'https://a.example/watch?v=1', true],
  ['https://a.example/watch?*', 'https://a.example/watch?v=1', true],
  ['https://a.example/watch?*', 'https://a.example/watchlist', false],
  ['https://a.example/*=1', 'https://a.example/x?v=1#t=2', true],
  ['https://a.example/*#t=2', 'https://a.example/x#t=2', false],
  // Hosts are exact unless they start with "*.": no other wildcard, case does not matter.
  ['https://youtube.com/*', 'https://www.youtube.com/', false],
  ['https://www.youtube.com/*', 'https://WWW.YouTube.com/watch', true],
];

describe('the match-pattern reader the menu tests use', () => {
  it.each(CASES)('%s against %s: %s', (pattern, url, matches) => {
    expect(matchesPattern(pattern, url)).toBe(matches);
  });

  it('refuses what Chrome refuses to register', () => {
    for (const bad of ['https://www.youtube.com', 'https://*youtube.com/*', 'https://www.*.com/*', 'youtube.com/*']) {
      expect(() => matchesPattern(bad, 'https://www.youtube.com/')).toThrow(/Not a match pattern/);
    }
  });
});
