import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useDocumentTitle } from './useDocumentTitle';

interface Props {
  children: ReactNode;
  /** Text for the document title; defaults to the heading when it is a string. */
  title?: string;
}

/**
 * The page's <h1>. After an in-app navigation it takes focus, so screen-reader and keyboard
 * users start at the new content; on the very first page load focus stays where the browser put it.
 */
export function PageHeading({ children, title }: Props) {
  const ref = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  useDocumentTitle(title ?? (typeof children === 'string' ? children : undefined));
  const focusAfterNavigation = useEffectEvent(() => {
    if (location.key !== 'default') ref.current?.focus();
  });
  useEffect(() => {
    // Only on arrival at a page, not on every query-string update.
    focusAfterNavigation();
  }, [location.pathname]);
  return (
    <h1 ref={ref} tabIndex={-1} className="page-heading">
      {children}
    </h1>
  );
}
