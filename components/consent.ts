/**
 * Only a person can spend. A page script can call `click()` on an open shadow root's buttons or dispatch
 * events at them, but it cannot make an event trusted: every handler that can spend checks this first.
 * (The background adds its own check: a spend must name the quote the person was shown.)
 */
export function isPersonAct(event: Event | null | undefined): boolean {
  return event?.isTrusted === true;
}
