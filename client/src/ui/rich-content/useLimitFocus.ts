// A button that becomes disabled while it has focus drops the focus to the page body, out of
// its dialog (Escape then no longer closes it). When a step reaches its limit, focus moves to
// the button that goes the other way.
import { useEffect, useRef, type RefObject } from 'react';

/**
 * `value` stepped between `min` and `max` by two buttons: returns their refs and a stepper
 * that moves focus to the other button when the step lands on a limit.
 */
export function useLimitFocus(value: number, min: number, max: number, set: (next: number) => void) {
  const down = useRef<HTMLButtonElement>(null);
  const up = useRef<HTMLButtonElement>(null);
  const pending = useRef<RefObject<HTMLButtonElement | null> | null>(null);

  useEffect(() => {
    pending.current?.current?.focus();
    pending.current = null;
  }, [value]);

  const step = (delta: number) => {
    const next = Math.min(max, Math.max(min, value + delta));
    if (next === min) pending.current = up;
    else if (next === max) pending.current = down;
    set(next);
  };
  return { down, up, step };
}
