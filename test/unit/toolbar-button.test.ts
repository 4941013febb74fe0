import { describe, expect, it, vi } from 'vitest';
import { toolbarButton } from '../../entrypoints/background/surfaces/toolbar-button';

const badge = () => ({ setBadgeText: vi.fn(async () => {}), setBadgeBackgroundColor: vi.fn(async () => {}) });

describe('toolbarButton', () => {
  it('uses action where it exists (Manifest V3)', () => {
    const action = badge();
    expect(toolbarButton({ action, browserAction: badge() })).toBe(action);
  });

  it('falls back to browserAction (Firefox, Manifest V2, has no browser.action)', () => {
    const browserAction = badge();
    expect(toolbarButton({ browserAction })).toBe(browserAction);
  });

  it('is null when neither exists, so a badge update cannot throw', () => {
    expect(toolbarButton({})).toBeNull();
  });
});
