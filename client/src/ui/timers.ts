/**
 * The longest a browser timer waits (2^31 - 1 ms, about 24.8 days): a longer `setTimeout`
 * fires at once. A wait further off is clamped to this and checked again when it fires.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;
