import { useRef } from 'preact/hooks';

/** The latest value of a prop, so effects need not re-run when a parent passes a new function each render. */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
