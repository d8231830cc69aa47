// Where a page puts the AI tutor's button instead of letting it float over the page's end: the
// player's bar and the course page's actions. A floating button at the bottom corner covered the
// player's Next button whenever it reached the bottom of the window (at 1280 x 900, on first
// arrival), and the course page's certificate link. The page sets the slot (a callback ref); the
// tutor widget, drawn by the shell, renders its button into it.
import { createContext, useContext } from 'react';

interface TutorSlot {
  /** The element the button goes into, or null: the button floats. */
  slot: HTMLElement | null;
  /** Sets or clears the slot (use as the ref of the element). */
  setSlot: (element: HTMLElement | null) => void;
}

export const TutorSlotContext = createContext<TutorSlot>({ slot: null, setSlot: () => undefined });

/** The element this page holds for the tutor's button, if any. */
export const useTutorSlot = () => useContext(TutorSlotContext).slot;

/** A ref that makes its element the tutor button's place while it is mounted. */
export const useTutorSlotRef = () => useContext(TutorSlotContext).setSlot;
