import { defineMessages } from 'react-intl';

export const publicCourseMessages = defineMessages({
  backToCatalog: {
    id: 'publicCourse.backToCatalog',
    defaultMessage: 'All courses',
    description: 'Link from the public course page back to the open catalog',
  },
  code: {
    id: 'publicCourse.code',
    defaultMessage: 'Code: {code}',
    description: 'Course code under the course name on the public course page',
  },
  collections: {
    id: 'publicCourse.collections',
    defaultMessage: 'Collections',
    description: 'Accessible name of the list of collection chips on the public course page',
  },
  uncategorized: {
    id: 'publicCourse.uncategorized',
    defaultMessage: 'Uncategorized',
    description: 'Name of the collection chip of a course that belongs to no collection',
  },
  comingSoon: {
    id: 'publicCourse.comingSoon',
    defaultMessage: 'Coming soon',
    description: 'Badge on a public course that is still a draft',
  },
  duration: {
    id: 'publicCourse.duration',
    defaultMessage: '{minutes, plural, one {# minute} other {# minutes}}',
    description: 'Duration of a course on the public course page',
  },
  ctaTitle: {
    id: 'publicCourse.cta.title',
    defaultMessage: 'Ready to start learning?',
    description: 'Heading of the sign-in box on the public course page',
  },
  ctaText: {
    id: 'publicCourse.cta.text',
    defaultMessage: 'Sign in to add this course to your courses and track your progress.',
    description: 'Text of the sign-in box on the public course page',
  },
  signIn: {
    id: 'publicCourse.cta.signIn',
    defaultMessage: 'Sign in to enroll',
    description: 'Button on the public course page that leads to sign-in and then to the course in the catalog',
  },
  openCourse: {
    id: 'publicCourse.cta.open',
    defaultMessage: 'Go to the course',
    description:
      'Button on the public course page, instead of the sign-in, for a visitor who is already signed in: opens the course in the portal, where it can be added',
  },
  ctaSignedInText: {
    id: 'publicCourse.cta.signedInText',
    defaultMessage: 'You are signed in. Go to the course to take it and track your progress.',
    description: 'Text of the box on the public course page for a visitor who is already signed in',
  },
  share: {
    id: 'publicCourse.share',
    defaultMessage: 'Share',
    description: 'Button that copies the link of the public course page',
  },
  shareCopied: {
    id: 'publicCourse.share.copied',
    defaultMessage: 'Link copied',
    description: 'Text of the share button shortly after the course link was copied',
  },
  shareToast: {
    id: 'publicCourse.share.toast',
    defaultMessage: 'Link copied to clipboard',
    description: 'Notification after the link of the public course page was copied',
  },
  shareFailed: {
    id: 'publicCourse.share.failed',
    defaultMessage: 'The link could not be copied',
    description: 'Notification when the browser refused to copy the public course link',
  },
  aboutHeading: {
    id: 'publicCourse.about.heading',
    defaultMessage: 'About this course',
    description: 'Heading of the About section on the public course page',
  },
  notFoundTitle: {
    id: 'publicCourse.notFound.title',
    defaultMessage: 'Course not found',
    description: 'Heading shown when the open catalog has no course with the id in the address',
  },
  notFoundText: {
    id: 'publicCourse.notFound.text',
    defaultMessage: 'This course is not in the open catalog. It may have been removed or the link may be wrong.',
    description: 'Explanation shown when the open catalog has no course with the id in the address',
  },
  loadFailed: {
    id: 'publicCourse.loadFailed',
    defaultMessage: 'Something went wrong',
    description: 'Title shown when the public course could not be loaded',
  },
  loadFailedHint: {
    id: 'publicCourse.loadFailedHint',
    defaultMessage: 'Please try again in a few minutes.',
    description: 'Text under the title when the public course could not be loaded',
  },
});

export const publicCertificateMessages = defineMessages({
  eyebrow: {
    id: 'publicCertificate.eyebrow',
    defaultMessage: 'Verified certificate',
    description: 'Small label above the heading of the public certificate page',
  },
  heading: {
    id: 'publicCertificate.heading',
    defaultMessage: 'Certificate {number}',
    description: 'Heading of the public certificate page when the course name is not known',
  },
  issuedBy: {
    id: 'publicCertificate.issuedBy',
    defaultMessage: 'Issued through {product}. This page confirms the certificate and its validity.',
    description: 'Line under the heading of the public certificate page; product is the name of the learning portal',
  },
  download: {
    id: 'publicCertificate.download',
    defaultMessage: 'Download PDF',
    description: 'Link that downloads the public certificate as a PDF file',
  },
  share: {
    id: 'publicCertificate.share',
    defaultMessage: 'Copy share link',
    description: 'Button that copies the link of the public certificate page',
  },
  shareCopied: {
    id: 'publicCertificate.share.copied',
    defaultMessage: 'Link copied',
    description: 'Text of the share button shortly after the certificate link was copied',
  },
  copied: {
    id: 'publicCertificate.share.toast',
    defaultMessage: 'The link was copied',
    description: 'Notification after the public certificate link was copied',
  },
  copyFailed: {
    id: 'publicCertificate.share.failed',
    defaultMessage: 'The link could not be copied',
    description: 'Notification when the browser refused to copy the public certificate link',
  },
  expiredNotice: {
    id: 'publicCertificate.expiredNotice',
    defaultMessage: 'This certificate has expired and no longer confirms a valid qualification.',
    description: 'Notice on an expired public certificate',
  },
  notFoundTitle: {
    id: 'publicCertificate.notFound.title',
    defaultMessage: 'Certificate not found',
    description: 'Heading shown when no certificate has the number in the shared link',
  },
  notFoundText: {
    id: 'publicCertificate.notFound.text',
    defaultMessage: 'We could not find a certificate with the number {number}. Check the link you were given.',
    description: 'Explanation shown when no certificate has the number in the shared link',
  },
  loadFailed: {
    id: 'publicCertificate.loadFailed',
    defaultMessage: 'Something went wrong',
    description: 'Title shown when the public certificate could not be loaded',
  },
  loadFailedHint: {
    id: 'publicCertificate.loadFailedHint',
    defaultMessage: 'Please try again in a few minutes.',
    description: 'Text under the title when the public certificate could not be loaded',
  },
});
