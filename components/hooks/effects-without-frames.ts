import { options } from 'preact';

/**
 * Preact runs a render's effects after an animation frame it asks for (and two timers beside it). Asking makes
 * the browser draw a frame even when nothing changed: on a watch page, a page frame per render in the content
 * script and another in the panel's frame, each a task on a main thread the page pays for (docs/benchmarks.md,
 * "Page cost"). The effects run in a task of their own after the render instead, which a frame needs not follow.
 * For the page module and the panel's frame, which each have their own Preact.
 */
export function runEffectsWithoutFrames(): void {
  options.requestAnimationFrame = (flush) => {
    setTimeout(flush, 0);
  };
}
