// A control of the page header whose code is its own chunk (the user menu, the navigation
// drawer): a native button of the same look stands in until the code arrives (once the browser
// is idle after the first paint, or when the button is pointed at, focused or pressed). The
// stand-in hands over to the real control in one render: focus moves to it when the stand-in
// had it, and a press before it arrived opens it.
import { useCallback, useEffect, useRef, useState, type ComponentType, type FocusEvent, type RefObject } from 'react';
import { whenIdle } from './idle';

/** What the stand-in hands over to the control. */
export interface Handover {
  /** The stand-in had focus: the control's button takes it. */
  focus: boolean;
  /** The stand-in was pressed: the control opens. */
  open: boolean;
}

export interface LazyControl<P> {
  /** The control, once its chunk is here. */
  Control: ComponentType<P & { handover: Handover }> | null;
  handover: Handover;
  /** Props of the stand-in `<button>`. */
  standIn: {
    ref: RefObject<HTMLButtonElement | null>;
    onPointerEnter: () => void;
    onFocus: (event: FocusEvent) => void;
    onClick: () => void;
  };
}

export function useLazyControl<P>(
  load: () => Promise<{ default: ComponentType<P & { handover: Handover }> }>,
): LazyControl<P> {
  const [Control, setControl] = useState<LazyControl<P>['Control']>(null);
  const ref = useRef<HTMLButtonElement>(null);
  const handover = useRef<Handover>({ focus: false, open: false });
  const started = useRef(false);
  const fetch = useCallback(() => {
    if (started.current) return;
    started.current = true;
    load().then(
      (module) => {
        handover.current.focus ||= document.activeElement === ref.current;
        setControl(() => module.default);
      },
      () => {
        // Offline or a new deployment: the stand-in stays, and the next press tries again.
        started.current = false;
      },
    );
  }, [load]);
  useEffect(() => whenIdle(fetch), [fetch]);
  return {
    Control,
    handover: handover.current,
    standIn: {
      ref,
      onPointerEnter: fetch,
      onFocus: fetch,
      onClick: () => {
        handover.current.open = true;
        handover.current.focus = true;
        fetch();
      },
    },
  };
}

/**
 * The control's side of the handover: its button (give it as `ref`) and its open state, which
 * start from what the stand-in got (its focus, and a press).
 */
export function useHandover(handover: Handover) {
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (handover.focus) button.current?.focus();
    if (handover.open) setOpen(true);
    handover.focus = false;
    handover.open = false;
  }, [handover]);
  return { button, open, setOpen };
}
