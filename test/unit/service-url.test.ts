import { describe, expect, it } from 'vitest';
import { Settings, SettingsPatch } from '../../utils/settings';
import { checkServiceUrl } from '../../utils/settings/service-url';

const EXAMPLE = 'https://service.example';

describe('where the token may go', () => {
  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,<b>x</b>',
    'http://example.org',
    'ftp://example.org',
    'https://user:pass@example.org',
    'https://example.org/?token=1',
    'not a url',
  ])('refuses %s in a production build', (address) => {
    expect(checkServiceUrl(address, EXAMPLE, false).ok).toBe(false);
  });

  it('refuses plain http to this machine in production, allows it in test builds', () => {
    expect(checkServiceUrl('http://127.0.0.1:8787', EXAMPLE, false)).toMatchObject({ ok: false });
    expect(checkServiceUrl('http://127.0.0.1:8787/', EXAMPLE, true)).toEqual({
      ok: true,
      url: 'http://127.0.0.1:8787',
      origin: 'http://127.0.0.1:8787',
    });
    expect(checkServiceUrl('http://example.org', EXAMPLE, true)).toMatchObject({ ok: false });
  });

  it('accepts https with a path, without its trailing slash', () => {
    expect(checkServiceUrl(' https://api.example.org/v/ ', EXAMPLE, false)).toEqual({
      ok: true,
      url: 'https://api.example.org/v',
      origin: 'https://api.example.org',
    });
  });

  it('the background settings refuse the same addresses (settings.set patches and stored settings)', () => {
    for (const serviceUrl of ['javascript:alert(1)', 'file:///x', 'data:,x', 'http://example.org']) {
      expect(SettingsPatch.safeParse({ serviceUrl }).success).toBe(false);
    }
    expect(SettingsPatch.safeParse({ serviceUrl: 'https://example.org/' }).data).toEqual({
      serviceUrl: 'https://example.org',
    });
    expect(SettingsPatch.safeParse({ serviceUrl: 'https://example.org', extra: 1 }).success).toBe(false);
    expect(Settings.shape.autoLoadFloor.safeParse(-1).success).toBe(false);
  });
});
