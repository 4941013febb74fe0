/**
 * Chrome's match patterns, `<scheme>://<host><path>`, as Chrome documents and applies them (Firefox's agree for
 * these forms): scheme `*` is http or https; host `*` is any host, `*.name` is name and every subdomain of it;
 * a host without a port matches any port; the path pattern, where only `*` is special, must match the whole of
 * the URL's path and query (the fragment is never compared). Tests use it to decide what a pattern the
 * extension registers lets through; test/unit/menu/match-pattern.test.ts holds it to Chrome's documented examples.
 * (@webext-core/match-patterns compares the path pattern with the path alone, which Chrome does not.)
 */
export function matchesPattern(pattern: string, href: string): boolean {
  const parts = /^(\*|https?|wss?|file):\/\/(\*|\*\.[^/*:]+|[^/*:]*)(:\d+|:\*)?(\/.*)$/.exec(pattern);
  if (!parts) throw new Error(`Not a match pattern: ${pattern}`);
  const [, scheme = '', host = '', port, path = ''] = parts;
  const url = new URL(href);
  const urlScheme = url.protocol.slice(0, -1);
  if (scheme === '*' ? urlScheme !== 'http' && urlScheme !== 'https' : urlScheme !== scheme) return false;
  const name = url.hostname.toLowerCase();
  const want = host.toLowerCase();
  if (want.startsWith('*.')) {
    const base = want.slice(2);
    if (name !== base && !name.endsWith(`.${base}`)) return false;
  } else if (want !== '*' && name !== want) return false;
  if (port !== undefined && port !== ':*' && port.slice(1) !== (url.port || defaultPort(urlScheme))) return false;
  const glob = path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${glob}$`, 's').test(`${url.pathname}${url.search}`);
}

function defaultPort(scheme: string): string {
  return scheme === 'http' || scheme === 'ws' ? '80' : scheme === 'https' || scheme === 'wss' ? '443' : '';
}

/** Whether any of the patterns lets the URL through (no patterns: every URL, as the menus API reads it). */
export const anyPattern = (patterns: readonly string[] | undefined, href: string): boolean =>
  patterns === undefined || patterns.some((p) => matchesPattern(p, href));
