import { useLayoutEffect } from 'preact/hooks';
import type { PlayerState, ToFrame } from '../../utils/protocol/frame';
import type { FrameLine } from '../../utils/protocol/frame-line';
import type { PlayerBridge } from './player';
import { SELECTORS } from './selectors';
import { followTheme } from './theme';

/**
 * What the content script tells the panel's frame of the page (PanelFrame.tsx): the player, the view, a person's
 * input, the look. Each is read here, in the content script's world, where a page script cannot fake it.
 */
export type Port = FrameLine;

const known = (value: number | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function stateOf(player: PlayerBridge): PlayerState {
  return {
    time: known(player.currentTime()),
    duration: known(player.duration()),
    ad: player.adShowing?.() ?? false,
    live: player.isLive?.() ?? false,
  };
}

/** What is posted to each port in the running task, sent together at its end (post below). */
const outboxes = new WeakMap<Port, ToFrame[]>();

/**
 * Sends to the frame; a frame that went away is told by its onDisconnect, not by a throw here. What one task
 * posts leaves as one message at its end (an array when there are several: utils/protocol/frame.ts): each message
 * is a task on the frame's main thread, and the frame draws once for them all.
 */
export function post(port: Port, message: ToFrame): void {
  const waiting = outboxes.get(port);
  if (waiting) {
    waiting.push(message);
    return;
  }
  const box = [message];
  outboxes.set(port, box);
  queueMicrotask(() => {
    outboxes.delete(port);
    try {
      port.postMessage(box.length === 1 ? box[0] : box);
    } catch {
      // The frame went away; its onDisconnect says so.
    }
  });
}

/** How often the player's length, ads and live state are looked at between its time events (paused, loading). */
const STATE_CHECK_MS = 1000;
/** A person's clicks and keys on the page are passed on at most this often (the rule needs the latest only). */
const INPUT_GAP_MS = 1000;
/** Media events (they do not bubble: heard in the capture phase) after which the player's state is sent again. */
const MEDIA_EVENTS = ['durationchange', 'loadedmetadata', 'emptied'] as const;

/**
 * The player's state, as it changes (utils/protocol/frame.ts, `player`). Layout effects here and below: their first
 * posts leave in the task that gave the port, with the words and the video, as one message.
 */
export function usePlayerFeed(port: Port | null, player: PlayerBridge): void {
  useLayoutEffect(() => {
    if (!port) return;
    let last = '';
    const push = () => {
      const state = stateOf(player);
      const key = JSON.stringify(state);
      if (key === last) return;
      last = key;
      post(port, { t: 'player', state });
    };
    push();
    const stop = player.onTime(push);
    // At once when the media learns its length or the player starts or ends an ad (its class); the timer
    // catches the rest (a player replaced, a live stream ending).
    for (const type of MEDIA_EVENTS) document.addEventListener(type, push, true);
    const classes = new MutationObserver(push);
    let watched: Element | null = null;
    const check = () => {
      const current = document.querySelector(SELECTORS.playerOfVideo);
      if (current !== watched) {
        classes.disconnect();
        watched = current;
        if (current) classes.observe(current, { attributes: true, attributeFilter: ['class'] });
      }
      push();
    };
    check();
    const timer = setInterval(check, STATE_CHECK_MS);
    return () => {
      stop();
      for (const type of MEDIA_EVENTS) document.removeEventListener(type, push, true);
      classes.disconnect();
      clearInterval(timer);
    };
  }, [port, player]);
}

/** The page's view, a person's input, YouTube's theme and the viewport's height. */
export function usePageFeed(port: Port | null): void {
  // The automatic load's "in view" and "the person acted", read here where a page script cannot fake them.
  useLayoutEffect(() => {
    if (!port) return;
    let last = '';
    const view = () => {
      const now = { visible: document.visibilityState === 'visible', focused: document.hasFocus() };
      const key = JSON.stringify(now);
      if (key === last) return;
      last = key;
      post(port, { t: 'view', ...now });
    };
    let toldAt = 0;
    const input = (event: Event) => {
      if (!event.isTrusted || Date.now() - toldAt < INPUT_GAP_MS) return;
      toldAt = Date.now();
      post(port, { t: 'input' });
    };
    view();
    document.addEventListener('visibilitychange', view);
    window.addEventListener('focus', view);
    window.addEventListener('blur', view);
    window.addEventListener('pointerdown', input, { capture: true, passive: true });
    window.addEventListener('keydown', input, { capture: true, passive: true });
    return () => {
      document.removeEventListener('visibilitychange', view);
      window.removeEventListener('focus', view);
      window.removeEventListener('blur', view);
      window.removeEventListener('pointerdown', input, { capture: true });
      window.removeEventListener('keydown', input, { capture: true });
    };
  }, [port]);

  useLayoutEffect(() => {
    if (!port) return;
    const stopTheme = followTheme(document.documentElement, (theme) => post(port, { t: 'theme', theme }));
    const viewport = () => post(port, { t: 'viewport', px: window.innerHeight });
    viewport();
    window.addEventListener('resize', viewport);
    return () => {
      stopTheme();
      window.removeEventListener('resize', viewport);
    };
  }, [port]);
}
