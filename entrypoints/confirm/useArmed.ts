import { useEffect, useState } from 'preact/hooks';

/** Long enough for a click or double click meant for the page to have landed; short enough not to be felt. */
export const ARM_MS = 1000;

/** Runs `then` once the frame after the next has begun: the DOM committed before now has been painted. */
function afterPaint(then: () => void): () => void {
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(then);
  });
  return () => cancelAnimationFrame(frame);
}

/**
 * Spend answers only once its price has been on screen, with the window in front, for a moment. The window opens
 * where the person's pointer may be, during a click on the page (a page can time a double click for it), and its
 * price may come late: a click meant for the page, or made before the price was read, must not land on Spend.
 * `shown` is the view whose price is drawn (null while none is): a new one (another mode priced) arms anew, and
 * from the render that draws it Spend is off. Losing focus disarms, as browsers' own permission prompts do.
 */
export function useArmed(shown: object | null, ms: number = ARM_MS): boolean {
  const [armedFor, setArmedFor] = useState<object | null>(null);
  useEffect(() => {
    if (shown === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelFrame = () => {};
    const disarm = () => {
      cancelFrame();
      clearTimeout(timer);
      setArmedFor(null);
    };
    const arm = () => {
      disarm();
      // Counted from the paint that shows the price, not from the render that made it.
      cancelFrame = afterPaint(() => {
        timer = setTimeout(() => setArmedFor(() => shown), Math.max(0, ms));
      });
    };
    arm();
    window.addEventListener('focus', arm);
    window.addEventListener('blur', disarm);
    return () => {
      disarm();
      window.removeEventListener('focus', arm);
      window.removeEventListener('blur', disarm);
    };
  }, [shown, ms]);
  return shown !== null && armedFor === shown;
}
