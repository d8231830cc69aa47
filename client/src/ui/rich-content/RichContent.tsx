// Rich content from the LMS (About HTML, text activities), sanitised, then turned into React
// elements whose behaviours are components: tables with a full-screen toggle, PDF links with a
// viewer, an image gallery, lazy iframes, heading anchors, toggles, attachment size labels and
// language hints on video embeds (spec section 2, 'Rich content behaviours').
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { AppContext, UiConfigContext } from '../../app/context';
import { RichContentContext, type GalleryItem, type RichContentContextValue } from './context';
import { convertFragment } from './convert';
import { Gallery } from './Gallery';
import { ID_PREFIX, sanitizeToFragment } from './sanitize';
// The pill styles first, as every page with rich content has loaded them by then: the two
// files share a stylesheet chunk, which can only keep one order (they share no selectors).
import '../pill.css';
import './rich-content.css';

interface Props {
  /** HTML as the LMS sends it. */
  html: string;
  className?: string;
  /**
   * Origins (`scheme://host[:port]`) of the storage whose PDF and attachment links are opened
   * through the gateway; by default the tenant config's `storageOrigins`.
   */
  storageOrigins?: readonly string[];
}

const NO_ORIGINS: readonly string[] = [];

export function RichContent({ html, className, storageOrigins }: Props) {
  const { locale } = useIntl();
  const configured = useContext(UiConfigContext)?.storageOrigins ?? NO_ORIGINS;
  const origins = storageOrigins ?? configured;
  const signedIn = useContext(AppContext) !== null;
  const [galleryIndex, setGalleryIndex] = useState<number | null>(null);
  const root = useRef<HTMLDivElement>(null);

  const { elements, images } = useMemo(() => {
    const found: GalleryItem[] = [];
    const state = { locale, storageOrigins: origins, signedIn, images: found };
    const converted = convertFragment(sanitizeToFragment(html), state);
    return { elements: converted, images: found };
  }, [html, locale, origins, signedIn]);

  const value = useMemo<RichContentContextValue>(
    () => ({ locale, storageOrigins: origins, canReadSizes: signedIn, images, openGallery: setGalleryIndex }),
    [locale, origins, signedIn, images],
  );

  // A copied section link lands here: scroll to the section once the content is on the page.
  useEffect(() => {
    const hash = decodeURIComponent(window.location.hash.slice(1));
    if (!hash.startsWith(ID_PREFIX) || !root.current) return;
    const target = root.current.querySelector(`[id="${CSS.escape(hash)}"]`);
    target?.scrollIntoView?.();
  }, [elements]);

  return (
    <RichContentContext.Provider value={value}>
      <div ref={root} className={className ? `rich-content ${className}` : 'rich-content'}>
        {elements}
      </div>
      <Gallery images={images} index={galleryIndex} onIndexChange={setGalleryIndex} />
    </RichContentContext.Provider>
  );
}
