import { defineMessages } from 'react-intl';

export const certificateMessages = defineMessages({
  eyebrow: {
    id: 'certificate.eyebrow',
    defaultMessage: 'Certificate',
    description: 'Small label above the heading of the certificate preview page',
  },
  fallbackHeading: {
    id: 'certificate.fallbackHeading',
    defaultMessage: 'Certificate {number}',
    description: 'Heading of the certificate preview when the course name is not known',
  },
  backToCourse: {
    id: 'certificate.backToCourse',
    defaultMessage: 'Back to the course',
    description: 'Link from the certificate preview back to the course details',
  },
  download: {
    id: 'certificate.download',
    defaultMessage: 'Download PDF',
    description: 'Link that downloads the certificate as a PDF file',
  },
  share: {
    id: 'certificate.share',
    defaultMessage: 'Copy share link',
    description: 'Button that copies the public link of the certificate',
  },
  shareCopied: {
    id: 'certificate.share.copied',
    defaultMessage: 'Link copied',
    description: 'Text of the certificate share button shortly after the link was copied',
  },
  copied: {
    id: 'certificate.share.toast',
    defaultMessage: 'The link was copied',
    description: 'Notification after the public certificate link was copied',
  },
  copyFailed: {
    id: 'certificate.share.failed',
    defaultMessage: 'The link could not be copied',
    description: 'Notification when the browser refused to copy the certificate link',
  },
  expiredNotice: {
    id: 'certificate.expiredNotice',
    defaultMessage: 'This certificate expired on {date}. It no longer confirms a valid qualification.',
    description: 'Notice on an expired certificate',
  },
  expiredNoticeNoDate: {
    id: 'certificate.expiredNoticeNoDate',
    defaultMessage: 'This certificate has expired. It no longer confirms a valid qualification.',
    description: 'Notice on an expired certificate whose expiry date is not known',
  },
  descriptionHeading: {
    id: 'certificate.descriptionHeading',
    defaultMessage: 'About the course',
    description: 'Heading of the course description on the certificate preview page',
  },
  notFoundTitle: {
    id: 'certificate.notFound.title',
    defaultMessage: 'Certificate not found',
    description: 'Heading shown when no certificate has the number in the address',
  },
  notFoundText: {
    id: 'certificate.notFound.text',
    defaultMessage: 'There is no certificate with the number {number}. Check the link and try again.',
    description: 'Explanation shown when no certificate has the number in the address',
  },
  loadFailed: {
    id: 'certificate.loadFailed',
    defaultMessage: 'Something went wrong',
    description: 'Title shown when the certificate could not be loaded',
  },
  loadFailedHint: {
    id: 'certificate.loadFailedHint',
    defaultMessage: 'Please try again in a few minutes.',
    description: 'Text under the title when the certificate could not be loaded',
  },
});
