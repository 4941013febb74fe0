import { browser } from 'wxt/browser';
import { originPattern } from '../../../utils/settings/service-url';

/** The host patterns the manifest grants at install (MV3 host_permissions, MV2 origins in permissions). */
function declaredHosts(): string[] {
  const manifest = browser.runtime.getManifest() as { host_permissions?: string[]; permissions?: string[] };
  return [...(manifest.host_permissions ?? []), ...(manifest.permissions ?? [])].filter((p) => p.includes('://'));
}

/**
 * Once the service address has changed, the previous address's host permission is given back: the extension
 * keeps access only to the address it sends the token to. Not when both addresses share the origin, nor for an
 * origin the manifest declares (the browser keeps those; the default service is one). Returns whether it was
 * removed.
 */
export async function releaseOldOrigin(previousUrl: string, currentUrl: string): Promise<boolean> {
  const previous = originPattern(previousUrl);
  if (previous === originPattern(currentUrl) || declaredHosts().includes(previous)) return false;
  return browser.permissions.remove({ origins: [previous] }).catch(() => false);
}
