// The image gallery of rich content: every image opens a full-screen dialog showing the
// content's images one at a time, with previous and next buttons, the arrow keys (mirrored in
// right-to-left), dots, zoom and close (button and Escape).
import { useEffect, useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay, useLocale } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { useRichContent, type GalleryItem } from './context';
import { ChevronIcon, CloseIcon, MinusIcon, PlusIcon } from './icons';
import { richContentMessages as m } from './messages';
import { useLimitFocus } from './useLimitFocus';

/** Zoom steps of the gallery. */
export const ZOOM_LEVELS = [1, 1.5, 2, 3] as const;

interface ImageProps {
  index: number;
  /** The `<img>` attributes, as React props. */
  imgProps: Record<string, unknown>;
}

/** An image of the content: a button that opens the gallery at it. */
export function GalleryImage({ index, imgProps }: ImageProps) {
  const intl = useIntl();
  const { images, openGallery } = useRichContent();
  const alt = typeof imgProps.alt === 'string' ? imgProps.alt : '';
  const count = Math.max(images.length, index + 1);
  const label = alt
    ? intl.formatMessage(m.openImage, { index: index + 1, count, alt })
    : intl.formatMessage(m.openImageNoAlt, { index: index + 1, count });
  return (
    <Button className="rc-image" onPress={() => openGallery(index)} aria-label={label}>
      <img {...imgProps} alt="" />
    </Button>
  );
}

interface GalleryProps {
  images: readonly GalleryItem[];
  /** The image shown; null when the gallery is closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
}

export function Gallery({ images, index, onIndexChange }: GalleryProps) {
  const intl = useIntl();
  const { direction } = useLocale();
  const [zoom, setZoom] = useState(0);
  const open = index !== null && images.length > 0;
  const current = open ? Math.min(index, images.length - 1) : 0;
  const count = images.length;
  const zoomStep = useLimitFocus(zoom, 0, ZOOM_LEVELS.length - 1, setZoom);

  const show = (next: number) => {
    setZoom(0);
    onIndexChange((next + count) % count);
  };

  useEffect(() => {
    if (!open) return undefined;
    // Only the gallery's own keys; everything else (Tab, Escape for the dialog) goes on.
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const forward = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
      const back = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
      if (event.key === forward) show(current + 1);
      else if (event.key === back) show(current - 1);
      else if (event.key === '+' || event.key === '=') setZoom((z) => Math.min(z + 1, ZOOM_LEVELS.length - 1));
      else if (event.key === '-') setZoom((z) => Math.max(z - 1, 0));
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  if (!open) return null;
  const image = images[current]!;
  const title = intl.formatMessage(m.galleryTitle, { index: current + 1, count });
  const level = ZOOM_LEVELS[zoom] ?? 1;
  const percent = intl.formatNumber(level, { style: 'percent' });

  return (
    <ModalOverlay
      className="rc-overlay rc-overlay--dark"
      isOpen
      onOpenChange={(isOpen) => !isOpen && onIndexChange(null)}
      isDismissable
    >
      <Modal className="rc-gallery">
        <Dialog className="rc-gallery__dialog">
          {({ close }) => (
            <>
              <div className="rc-gallery__header">
                <Heading slot="title" className="rc-gallery__title">
                  {title}
                </Heading>
                <div className="rc-gallery__tools">
                  <Button
                    ref={zoomStep.down}
                    className="rc-icon-button rc-icon-button--dark"
                    onPress={() => zoomStep.step(-1)}
                    isDisabled={zoom === 0}
                    aria-label={intl.formatMessage(m.zoomOut)}
                  >
                    <MinusIcon />
                  </Button>
                  <span className="rc-gallery__zoom" aria-live="polite">
                    {intl.formatMessage(m.zoomLevel, { percent })}
                  </span>
                  <Button
                    ref={zoomStep.up}
                    className="rc-icon-button rc-icon-button--dark"
                    onPress={() => zoomStep.step(1)}
                    isDisabled={zoom === ZOOM_LEVELS.length - 1}
                    aria-label={intl.formatMessage(m.zoomIn)}
                  >
                    <PlusIcon />
                  </Button>
                </div>
                <Button
                  className="rc-icon-button rc-icon-button--dark rc-gallery__close"
                  onPress={close}
                  aria-label={intl.formatMessage(m.close)}
                >
                  <CloseIcon />
                </Button>
              </div>
              <p className="visually-hidden">{intl.formatMessage(m.keyboardHint)}</p>
              <div className="rc-gallery__stage">
                {count > 1 && (
                  <Button
                    className="rc-gallery__nav rc-gallery__nav--previous"
                    onPress={() => show(current - 1)}
                    aria-label={intl.formatMessage(m.previousImage)}
                  >
                    <ChevronIcon back />
                  </Button>
                )}
                <div className={zoom > 0 ? 'rc-gallery__frame rc-gallery__frame--zoomed' : 'rc-gallery__frame'}>
                  <img
                    className="rc-gallery__image"
                    src={image.src}
                    alt={image.alt}
                    style={zoom > 0 ? { height: `${level * 100}%` } : undefined}
                  />
                </div>
                {count > 1 && (
                  <Button
                    className="rc-gallery__nav rc-gallery__nav--next"
                    onPress={() => show(current + 1)}
                    aria-label={intl.formatMessage(m.nextImage)}
                  >
                    <ChevronIcon />
                  </Button>
                )}
              </div>
              <div className="rc-gallery__footer">
                <p className="rc-gallery__caption" aria-live="polite">
                  {image.alt}
                </p>
                {count > 1 && (
                  <div className="rc-gallery__dots" role="group" aria-label={intl.formatMessage(m.dots)}>
                    {images.map((_, i) => (
                      <Button
                        key={i}
                        className="rc-gallery__dot"
                        onPress={() => show(i)}
                        aria-label={intl.formatMessage(m.dot, { index: i + 1 })}
                        aria-current={i === current ? 'true' : undefined}
                      />
                    ))}
                  </div>
                )}
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
