import { defineMessages } from 'react-intl';

export const errorMessages = defineMessages({
  title401: {
    id: 'errors.401.title',
    defaultMessage: '401 Unauthorized access',
    description: 'Heading of the error page shown when the learner is not signed in or the sign-in has expired',
  },
  title403: {
    id: 'errors.403.title',
    defaultMessage: '403 Forbidden',
    description: 'Heading of the error page shown when the learner may not open this page',
  },
  title404: {
    id: 'errors.404.title',
    defaultMessage: 'Page not found',
    description: 'Heading of the error page shown for an address that does not exist',
  },
  title500: {
    id: 'errors.500.title',
    defaultMessage: '500 Something went wrong',
    description: 'Heading of the error page shown when a page crashed or the server failed',
  },
  title501: {
    id: 'errors.501.title',
    defaultMessage: '501 Feature is not implemented',
    description: 'Heading of the error page shown when the learner opens a feature that does not exist yet',
  },
  text401: {
    id: 'errors.401.text',
    defaultMessage: 'Your session has ended. Please sign in again.',
    description: 'Text under the 401 error heading',
  },
  text403: {
    id: 'errors.403.text',
    defaultMessage: 'You do not have the necessary access rights to open this page.',
    description: 'Text under the 403 Forbidden heading, also on the page of users without learner access',
  },
  text404: {
    id: 'errors.404.text',
    defaultMessage: 'The page you are looking for does not exist or has moved.',
    description: 'Text under the Page not found heading',
  },
  textRetry: {
    id: 'errors.retryLater',
    defaultMessage: 'Please try again in a few minutes.',
    description: 'Text under the 500 and 501 error headings',
  },
  textChunk: {
    id: 'errors.chunk.text',
    defaultMessage: 'A part of the page could not be loaded. Please reload the page.',
    description: 'Text of the error page when a piece of the application could not be downloaded',
  },
  reload: {
    id: 'errors.reload',
    defaultMessage: 'Reload the page',
    description: 'Button on the error page that reloads the browser page',
  },
  toMyCourses: {
    id: 'errors.toMyCourses',
    defaultMessage: 'Go to My courses',
    description: 'Button on the error page for learner-only users, leading to the My courses page',
  },
  toContentLibrary: {
    id: 'errors.toContentLibrary',
    defaultMessage: 'Go to the content library',
    description:
      'Button on the error page for users with more roles than learner, leading to the content library of the platform',
  },
  signInFailedTitle: {
    id: 'errors.signInFailed.title',
    defaultMessage: 'You could not be signed in',
    description: 'Heading of the page shown when signing in through the organisation sign-in service failed',
  },
  signInUnavailable: {
    id: 'errors.signInFailed.unavailable',
    defaultMessage: 'The sign-in service is not available right now. Please try again in a few minutes.',
    description: 'Text of the sign-in failure page when the sign-in service (or the platform) did not answer for now',
  },
  signInRefused: {
    id: 'errors.signInFailed.refused',
    defaultMessage: 'The sign-in could not be completed. Please try again.',
    description: 'Text of the sign-in failure page when the sign-in was cancelled, expired or refused',
  },
  signInNoCookie: {
    id: 'errors.signInFailed.noCookie',
    defaultMessage:
      'Your browser did not keep the cookies this site needs to sign you in. Allow cookies for this site, then sign in again. If the sign-in page was open for a long time, simply sign in again.',
    description:
      'Text of the sign-in failure page when the browser came back from the sign-in service without the cookie set when the sign-in began (cookies blocked for the site, or the sign-in page was left open too long)',
  },
  signInNotAccepted: {
    id: 'errors.signInFailed.notAccepted',
    defaultMessage:
      'You were signed in, but the learning platform did not accept it. Please try again later, or contact your administrator if this keeps happening.',
    description:
      'Text of the sign-in failure page when signing in succeeded but the platform refused the new session straight away (the portal stops instead of signing in again and again)',
  },
  signIn: {
    id: 'errors.signIn',
    defaultMessage: 'Sign in',
    description: 'Button on the 401 error page that starts signing in again',
  },
  details: {
    id: 'errors.details',
    defaultMessage: 'Technical details',
    description: 'Summary of the collapsible error details, shown only in development builds',
  },
  platformTitle: {
    id: 'errors.platform.title',
    defaultMessage: 'Research and knowledge models',
    description: 'Heading of the page for users who only have research or knowledge-model features',
  },
  platformText: {
    id: 'errors.platform.text',
    defaultMessage:
      'Your account gives access to research projects and knowledge models on the platform, not to courses.',
    description: 'Explanation on the page for users who only have research or knowledge-model features',
  },
  openResearch: {
    id: 'errors.platform.research',
    defaultMessage: 'Open research projects',
    description: 'Link on the page for research-only users, leading to research projects on the platform',
  },
  openKnowledgeModels: {
    id: 'errors.platform.knowledgeModels',
    defaultMessage: 'Open knowledge models',
    description: 'Link on the page for research-only users, leading to knowledge models on the platform',
  },
});
