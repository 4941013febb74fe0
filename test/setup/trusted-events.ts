/**
 * happy-dom has no `Event.isTrusted`. Events in component tests stand for a person's input, so they read as
 * trusted by default; a test about page scripts marks its event untrusted with `untrusted(event)`.
 */
if (typeof window !== 'undefined' && !('isTrusted' in Event.prototype)) {
  Object.defineProperty(Event.prototype, 'isTrusted', { configurable: true, get: () => true });
}

export function untrusted<E extends Event>(event: E): E {
  Object.defineProperty(event, 'isTrusted', { value: false });
  return event;
}
