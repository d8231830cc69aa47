import type { MatcherFunction } from '@testing-library/react';

/** Text without the marks that set names apart from their sentence (`isolate`). */
const unmarked = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '').trim();

/**
 * A text matcher for a sentence with names set apart in it (`<bdi>` elements or `isolate`'s
 * marks): the innermost element whose whole text, marks left out, is `text`.
 */
export function sentence(text: string): MatcherFunction {
  return (_content, element) =>
    element !== null &&
    unmarked(element.textContent) === text &&
    Array.from(element.children).every((child) => unmarked(child.textContent) !== text);
}
