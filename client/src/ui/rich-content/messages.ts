import { defineMessages } from 'react-intl';

export const richContentMessages = defineMessages({
  tableRegion: {
    id: 'ui.richContent.table.region',
    defaultMessage: 'Table: {name}',
    description:
      'Accessible name of the scrollable area around a table in course content; {name} is the table caption or "Table"',
  },
  tableFallbackName: {
    id: 'ui.richContent.table.fallbackName',
    defaultMessage: 'Table',
    description: 'Name of a table in course content that has no caption',
  },
  tableOpenFullScreen: {
    id: 'ui.richContent.table.openFullScreen',
    defaultMessage: 'Open table in full screen',
    description: 'Button above a table in course content that shows the table in a full-screen dialog',
  },
  tableFullScreenTitle: {
    id: 'ui.richContent.table.fullScreenTitle',
    defaultMessage: '{name} (full screen)',
    description:
      'Heading of the full-screen dialog that shows a table of course content; {name} is the table caption or "Table"',
  },
  close: {
    id: 'ui.richContent.close',
    defaultMessage: 'Close',
    description: 'Button that closes a full-screen dialog of course content (table, image gallery or PDF viewer)',
  },
  openImage: {
    id: 'ui.richContent.gallery.openImage',
    defaultMessage: 'Open image {index} of {count} in the gallery: {alt}',
    description:
      'Accessible name of an image in course content that opens the image gallery; {alt} is the image description',
  },
  openImageNoAlt: {
    id: 'ui.richContent.gallery.openImageNoAlt',
    defaultMessage: 'Open image {index} of {count} in the gallery',
    description: 'Accessible name of an image without description in course content that opens the image gallery',
  },
  galleryTitle: {
    id: 'ui.richContent.gallery.title',
    defaultMessage: 'Image {index} of {count}',
    description: 'Heading of the full-screen image gallery, naming the image shown',
  },
  previousImage: {
    id: 'ui.richContent.gallery.previous',
    defaultMessage: 'Previous image',
    description: 'Button of the image gallery that shows the previous image',
  },
  nextImage: {
    id: 'ui.richContent.gallery.next',
    defaultMessage: 'Next image',
    description: 'Button of the image gallery that shows the next image',
  },
  dots: {
    id: 'ui.richContent.gallery.dots',
    defaultMessage: 'Choose an image',
    description: 'Accessible name of the row of dots under the gallery image, one dot per image',
  },
  dot: {
    id: 'ui.richContent.gallery.dot',
    defaultMessage: 'Show image {index}',
    description: 'Accessible name of one dot under the gallery image; pressing it shows that image',
  },
  zoomIn: {
    id: 'ui.richContent.zoomIn',
    defaultMessage: 'Zoom in',
    description: 'Button that enlarges the image in the gallery or the page in the PDF viewer',
  },
  zoomOut: {
    id: 'ui.richContent.zoomOut',
    defaultMessage: 'Zoom out',
    description: 'Button that makes the image in the gallery or the page in the PDF viewer smaller',
  },
  zoomLevel: {
    id: 'ui.richContent.zoomLevel',
    defaultMessage: 'Zoom {percent}',
    description: 'Current zoom level of the gallery or PDF viewer, for example "Zoom 150%"',
  },
  keyboardHint: {
    id: 'ui.richContent.gallery.keyboardHint',
    defaultMessage: 'Use the arrow keys to move between images and Escape to close.',
    description: 'Hint read by screen readers when the image gallery opens',
  },
  openPdf: {
    id: 'ui.richContent.pdf.open',
    defaultMessage: 'Open',
    description: 'Button next to a PDF link in course content that opens the PDF in the built-in viewer',
  },
  openPdfLabel: {
    id: 'ui.richContent.pdf.openLabel',
    defaultMessage: 'Open {name} in the viewer',
    description: 'Accessible name of the Open button next to a PDF link; {name} is the link text',
  },
  pdfTitle: {
    id: 'ui.richContent.pdf.title',
    defaultMessage: '{name} (PDF)',
    description: 'Heading of the PDF viewer dialog; {name} is the link text of the PDF',
  },
  pdfLoading: {
    id: 'ui.richContent.pdf.loading',
    defaultMessage: 'Loading PDF…',
    description: 'Shown in the PDF viewer while the file loads',
  },
  pdfFailed: {
    id: 'ui.richContent.pdf.failed',
    defaultMessage: 'Failed to load PDF',
    description: 'Error in the PDF viewer when the file cannot be loaded or read (spec section 8)',
  },
  pdfUnauthorized: {
    id: 'ui.richContent.pdf.unauthorized',
    defaultMessage: 'Please log in to view this file',
    description: 'Error in the PDF viewer when the file answered 401 (spec section 8)',
  },
  pdfForbidden: {
    id: 'ui.richContent.pdf.forbidden',
    defaultMessage: 'You do not have permission to view this file',
    description: 'Error in the PDF viewer when the file answered 403 (spec section 8)',
  },
  pdfBlocked: {
    id: 'ui.richContent.pdf.blocked',
    defaultMessage: 'This file is not on this site or an approved storage host, so it cannot be shown.',
    description: 'Error in the PDF viewer for a PDF link on another site (spec section 5: such links are blocked)',
  },
  pdfPage: {
    id: 'ui.richContent.pdf.page',
    defaultMessage: 'Page {page} of {count}',
    description: 'Page indicator of the PDF viewer, also the accessible name of each rendered page',
  },
  pdfPages: {
    id: 'ui.richContent.pdf.pages',
    defaultMessage: 'PDF pages',
    description: 'Accessible name of the scrollable area of the PDF viewer that shows the page',
  },
  pdfPrevious: {
    id: 'ui.richContent.pdf.previous',
    defaultMessage: 'Previous page',
    description: 'Button of the PDF viewer that shows the previous page',
  },
  pdfNext: {
    id: 'ui.richContent.pdf.next',
    defaultMessage: 'Next page',
    description: 'Button of the PDF viewer that shows the next page',
  },
  download: {
    id: 'ui.richContent.pdf.download',
    defaultMessage: 'Download',
    description: 'Link in the PDF viewer that downloads the PDF file',
  },
  blockedLink: {
    id: 'ui.richContent.file.blocked',
    defaultMessage: '(blocked: not on this site)',
    description:
      'Note after a file link of course content that points to another site and is therefore not offered (spec section 5)',
  },
  signInLink: {
    id: 'ui.richContent.file.signIn',
    defaultMessage: '(sign in to open)',
    description:
      'Note after a file link of course content on the course storage, shown to a visitor who is not signed in: the file opens only for signed-in learners',
  },
  fileSize: {
    id: 'ui.richContent.file.size',
    defaultMessage: 'File size {size}',
    description: 'Accessible text of the size label after an attachment link, for example "File size 1.5MB"',
  },
  copyHeadingLink: {
    id: 'ui.richContent.heading.copyLink',
    defaultMessage: 'Copy link to section {name}',
    description: 'Button next to a heading of course content that copies a link to that section',
  },
  linkCopied: {
    id: 'ui.richContent.heading.linkCopied',
    defaultMessage: 'Link copied to clipboard',
    description: 'Toast after the link to a section of course content was copied (spec section 8)',
  },
  linkNotCopied: {
    id: 'ui.richContent.heading.linkNotCopied',
    defaultMessage: 'The link could not be copied',
    description: 'Toast when copying the link to a section of course content failed',
  },
  iframeTitle: {
    id: 'ui.richContent.iframe.title',
    defaultMessage: 'Embedded content',
    description: 'Accessible name of an embedded frame of course content that has no title of its own',
  },
  iframePlaceholder: {
    id: 'ui.richContent.iframe.placeholder',
    defaultMessage: 'Embedded content: {name}',
    description: 'Shown in place of an embedded frame (video, page) of course content until it is scrolled near',
  },
  toggleFallback: {
    id: 'ui.richContent.toggle.fallback',
    defaultMessage: 'More',
    description: 'Title of a collapsible section of course content that has no title of its own',
  },
});
