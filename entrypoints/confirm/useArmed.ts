import { useEffect, useState } from 'preact/hooks';

/** Long enough for a click or double click meant for the page to have landed; short enough not to be felt. */
export const ARM_MS = 1000;

/**
 * Spend answers only once the window has been in front for a moment. The window opens where the person's
 * pointer may be, during a click on the page (a page can time a double click for it): a click that was meant
 * for the page must not land on Spend. Losing focus disarms it again, as browsers' own permission prompts do.
 */
export function useArmed(ms: number = ARM_MS): boolean {
  const [armed, setArmed] = useState(ms <= 0);
  useEffect(() => {
    if (ms <= 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const disarm = () => {
      clearTimeout(timer);
      setArmed(false);
    };
    const arm = () => {
      disarm();
      timer = setTimeout(() => setArmed(true), ms);
    };
    arm();
    window.addEventListener('focus', arm);
    window.addEventListener('blur', disarm);
    return () => {
      disarm();
      window.removeEventListener('focus', arm);
      window.removeEventListener('blur', disarm);
    };
  }, [ms]);
  return armed;
}
