// An embedded frame of rich content that loads only when it comes near the viewport (spec
// section 9: IntersectionObserver threshold 0.1, root margin 100 px); a placeholder holds its
// place until then.
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { richContentMessages as m } from './messages';

/** Spec section 9: when a lazy frame starts loading. */
export const LAZY_IFRAME_OPTIONS: IntersectionObserverInit = { threshold: 0.1, rootMargin: '100px' };

interface Props extends Record<string, unknown> {
  src: string;
  title?: string;
  lang?: string;
  width?: unknown;
  height?: unknown;
}

function positive(value: unknown): number | null {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}

export function LazyIframe({ src, title, lang, width, height, ...rest }: Props) {
  const intl = useIntl();
  const holder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const name = title || intl.formatMessage(m.iframeTitle);

  useEffect(() => {
    if (near) return undefined;
    if (typeof IntersectionObserver === 'undefined' || !holder.current) {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setNear(true);
        observer.disconnect();
      }
    }, LAZY_IFRAME_OPTIONS);
    observer.observe(holder.current);
    return () => observer.disconnect();
  }, [near]);

  const w = positive(width);
  const h = positive(height);
  // The frame keeps the content's proportions (16:9 when it gives none) and the page's width.
  const ratio = w && h ? { aspectRatio: `${w} / ${h}`, maxInlineSize: `${w}px` } : undefined;
  return (
    <div ref={holder} className="rc-frame" style={ratio}>
      {near ? (
        <iframe {...rest} src={src} title={name} lang={lang} loading="lazy" className="rc-frame__iframe" />
      ) : (
        <div className="rc-frame__placeholder">
          <span>{intl.formatMessage(m.iframePlaceholder, { name })}</span>
        </div>
      )}
    </div>
  );
}
