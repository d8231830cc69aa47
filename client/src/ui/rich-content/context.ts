// What the behaviours of one RichContent share: the learner's locale, the storage origins file
// links may come from, whether the gateway can be asked for attachment sizes (a session exists), and the
// image gallery of this content.
import { createContext, useContext } from 'react';

/** One image of the gallery, in content order. */
export interface GalleryItem {
  src: string;
  alt: string;
}

export interface RichContentContextValue {
  locale: string;
  storageOrigins: readonly string[];
  /** Signed in: attachment sizes may be read through the gateway (it needs a session). */
  canReadSizes: boolean;
  images: readonly GalleryItem[];
  openGallery: (index: number) => void;
}

export const RichContentContext = createContext<RichContentContextValue>({
  locale: 'en-US',
  storageOrigins: [],
  canReadSizes: false,
  images: [],
  openGallery: () => undefined,
});

export function useRichContent(): RichContentContextValue {
  return useContext(RichContentContext);
}
