/**
 * `text` set apart from the translated sentence it is put into, by Unicode's first-strong
 * isolate (U+2068) and pop directional isolate (U+2069), which a browser lays out as `<bdi>`:
 * for names, codes and grades from the LMS, in whatever script they were written. Without it
 * the sentence's direction takes the text's neutral ends along: in an Arabic page the grade
 * 'B+' shows as '+B', and 'C++' as '++C'. Project Fluent isolates every placeable this way by
 * default; react-intl leaves it to the caller. It works in plain strings (toasts), where
 * `<bdi>` cannot go.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
