// Rich content from the LMS, sanitised. Its behaviours (tables, PDFs, gallery, lazy iframes,
// anchors, toggles, attachment sizes, video language hints) hang off this component.
import { useMemo } from 'react';
import { sanitizeHtml } from './sanitize';

interface Props {
  /** HTML as the LMS sends it. */
  html: string;
  className?: string;
}

export function RichContent({ html, className }: Props) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className ? `rich-content ${className}` : 'rich-content'} dangerouslySetInnerHTML={{ __html: clean }} />;
}
