import { describe, expect, it } from 'vitest';
import { toolCode } from '../../../utils/api/mcp';
import { deepLink } from '../../../utils/panel/url';

describe('an MCP tool error’s code', () => {
  it('comes from structuredContent.error, else from a trailing “(code)” in the text, else is unknown', () => {
    expect(toolCode({ error: 'insufficient_cloud_requests', message: 'x' }, 'whatever')).toBe(
      'insufficient_cloud_requests',
    );
    expect(toolCode(undefined, 'You have no Cloud Requests left. (insufficient_cloud_requests)')).toBe(
      'insufficient_cloud_requests',
    );
    expect(toolCode({ error: { code: 'x' } }, 'No code here.')).toBeNull();
    expect(toolCode({ error: 'has spaces in it' }, 'Nothing (at all) here.')).toBeNull();
  });
});

describe('deep links', () => {
  it('are the service’s form in whole seconds, rounded up so they land inside the cue; t=0s at the start', () => {
    expect(deepLink('tvaHuman001', 125.4)).toBe('https://www.youtube.com/watch?v=tvaHuman001&t=126s');
    expect(deepLink('tvaHuman001', 125)).toBe('https://www.youtube.com/watch?v=tvaHuman001&t=125s');
    expect(deepLink('tvaHuman001', 125.0000001)).toBe('https://www.youtube.com/watch?v=tvaHuman001&t=125s');
    expect(deepLink('tvaHuman001', 0)).toBe('https://www.youtube.com/watch?v=tvaHuman001&t=0s');
    expect(deepLink('tvaHuman001', Number.NaN)).toBe('https://www.youtube.com/watch?v=tvaHuman001&t=0s');
  });
});
