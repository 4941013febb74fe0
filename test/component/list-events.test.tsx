// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { attachListEvents, type ListEventHandlers } from '../../components/transcript/listEvents';

describe("the virtual list's container events", () => {
  it('reach the handlers until stopped, and none after', () => {
    const el = document.createElement('div');
    document.body.append(el);
    const heard: string[] = [];
    const handlers: ListEventHandlers = {
      scroll: () => heard.push('scroll'),
      userIntent: () => heard.push('intent'),
      moveFocus: () => heard.push('move'),
      focusIn: () => heard.push('in'),
      focusOut: () => heard.push('out'),
    };
    const stop = attachListEvents(el, () => handlers);
    const fire = () => {
      el.dispatchEvent(new Event('scroll'));
      el.dispatchEvent(new Event('wheel'));
      el.dispatchEvent(new KeyboardEvent('keydown', { key: 'PageDown' }));
      el.dispatchEvent(new FocusEvent('focusin'));
    };
    fire();
    expect(heard).toEqual(['scroll', 'intent', 'intent', 'in']);
    stop();
    fire();
    expect(heard).toHaveLength(4);
    el.remove();
  });
});
