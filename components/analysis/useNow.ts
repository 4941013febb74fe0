import { useEffect, useState } from 'preact/hooks';

/** Date.now(), re-read every second while `active`; the interval is cleared when inactive or unmounted. */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}
