import { defineMessages, type IntlShape } from 'react-intl';

export const appMessages = defineMessages({
  skipToMain: {
    id: 'app.skipToMain',
    defaultMessage: 'Skip to main content',
    description: 'Link at the very top of every page that jumps past the header and menu',
  },
  navigationLabel: {
    id: 'app.nav.label',
    defaultMessage: 'Main navigation',
    description: 'Accessible name of the sidebar navigation',
  },
  navDashboard: {
    id: 'app.nav.dashboard',
    defaultMessage: 'Dashboard',
    description: 'Sidebar navigation item leading to the learner dashboard',
  },
  navCatalog: {
    id: 'app.nav.catalog',
    defaultMessage: 'Catalog',
    description: 'Sidebar navigation item leading to the course catalog',
  },
  navCalendar: {
    id: 'app.nav.calendar',
    defaultMessage: 'Calendar',
    description: 'Sidebar navigation item leading to the learner calendar',
  },
  navCourses: {
    id: 'app.nav.courses',
    defaultMessage: 'My courses',
    description: 'Sidebar navigation item leading to My courses, when the tenant names no other heading',
  },
  navResearch: {
    id: 'app.nav.researchProjects',
    defaultMessage: 'Research projects',
    description: 'Sidebar navigation item leading to research projects on the wider platform',
  },
  navKnowledgeModels: {
    id: 'app.nav.knowledgeModels',
    defaultMessage: 'Knowledge models',
    description: 'Sidebar navigation item leading to knowledge models on the wider platform',
  },
  navRooms: {
    id: 'app.nav.rooms',
    defaultMessage: 'Rooms',
    description: 'Sidebar navigation item leading to the virtual classrooms (rooms) of the learner',
  },
  navPortal: {
    id: 'app.nav.portal',
    defaultMessage: 'Go to portal',
    description: 'Sidebar navigation item leading out of the learner area to the main platform portal',
  },
  openNavigation: {
    id: 'app.nav.open',
    defaultMessage: 'Open menu',
    description: 'Accessible name of the hamburger button that opens the navigation on small screens',
  },
  closeNavigation: {
    id: 'app.nav.close',
    defaultMessage: 'Close menu',
    description: 'Accessible name of the button that closes the navigation drawer on small screens',
  },
  breadcrumbs: {
    id: 'app.breadcrumbs.label',
    defaultMessage: 'Breadcrumbs',
    description: 'Accessible name of the trail of links above nested pages (for example My courses > course name)',
  },
  crumbCourse: {
    id: 'app.breadcrumbs.course',
    defaultMessage: 'Course',
    description: 'Breadcrumb of a course whose name is not loaded yet',
  },
  crumbCertificate: {
    id: 'app.breadcrumbs.certificate',
    defaultMessage: 'Certificate',
    description: 'Breadcrumb of the certificate preview page of a course',
  },
  crumbContent: {
    id: 'app.breadcrumbs.content',
    defaultMessage: 'Content',
    description: 'Breadcrumb of the course content player page',
  },
  footerLabel: {
    id: 'app.footer.label',
    defaultMessage: 'Site information',
    description: 'Accessible name of the page footer',
  },
  privacyPolicy: {
    id: 'app.footer.privacy',
    defaultMessage: 'Privacy policy',
    description: 'Link in the page footer to the privacy policy of the organisation',
  },
  version: {
    id: 'app.footer.version',
    defaultMessage: 'Version {version}',
    description: 'Text in the page footer naming the version of the portal',
  },
  mobileWarning: {
    id: 'app.mobileWarning.text',
    defaultMessage:
      'Some activities work best on a larger screen. If something is hard to use, try a computer or a tablet.',
    description: 'Notice shown on phones, above the page content',
  },
  dismiss: {
    id: 'app.dismiss',
    defaultMessage: 'Dismiss',
    description: 'Button that hides a notice (mobile warning or browser-support alert) for this visit',
  },
  browserTitle: {
    id: 'app.browserSupport.title',
    defaultMessage: 'Your browser is not supported',
    description: 'Title of the alert shown when the learner uses a browser the portal is not tested with',
  },
  browserText: {
    id: 'app.browserSupport.text',
    defaultMessage:
      'Some parts of the portal may not work. Please use one of these browsers: {desktop} on a computer, {mobile} on a phone or tablet.',
    description:
      'Text of the unsupported-browser alert; desktop and mobile are lists of browser names such as Chrome, Safari and Edge',
  },
  offlineTitle: {
    id: 'app.offline.title',
    defaultMessage: 'You are offline.',
    description: 'Title of the notice above the page while the device has no network connection',
  },
  offlineText: {
    id: 'app.offline.text',
    defaultMessage:
      'Pages you open and changes you make need a connection. Everything updates once you are back online.',
    description: 'Text of the notice shown while the device has no network connection',
  },
  navigating: {
    id: 'app.navigating',
    defaultMessage: 'Loading the page…',
    description: 'Text read by screen readers while the next page is loading after a click',
  },
  signedInAs: {
    id: 'app.userMenu.signedInAs',
    defaultMessage: 'Signed in as {email}',
    description: 'Text at the top of the user menu naming the e-mail of the signed-in learner',
  },
  userMenuLabel: {
    id: 'app.userMenu.label',
    defaultMessage: 'User menu',
    description: 'Accessible name of the menu that opens from the user name in the header',
  },
  profile: {
    id: 'app.userMenu.profile',
    defaultMessage: 'Profile',
    description: 'User menu item leading to the profile page',
  },
  language: {
    id: 'app.userMenu.language',
    defaultMessage: 'Language',
    description: 'Accessible name of the group of languages in the user menu',
  },
  signOut: {
    id: 'app.userMenu.signOut',
    defaultMessage: 'Sign out',
    description: 'User menu item that signs the learner out',
  },
  startupFailed: {
    id: 'app.startup.failed',
    defaultMessage: 'Something went wrong',
    description: 'Title shown when the portal could not load its configuration or session',
  },
  startupFailedHint: {
    id: 'app.startup.failedHint',
    defaultMessage: 'Please try again in a few minutes.',
    description: 'Hint under the startup failure title',
  },
  openCatalog: {
    id: 'app.public.nav.catalog',
    defaultMessage: 'Catalog',
    description: 'The only menu item of the public (signed-out) pages, leading to the open catalog',
  },
  publicNavLabel: {
    id: 'app.public.nav.label',
    defaultMessage: 'Public navigation',
    description: 'Accessible name of the menu on public (signed-out) pages',
  },
  frameSignedOutTitle: {
    id: 'app.frame.signedOutTitle',
    defaultMessage: 'Your session has ended.',
    description: 'Title of the notice shown when the portal, embedded in another site, was signed out',
  },
  frameSignedOutText: {
    id: 'app.frame.signedOutText',
    defaultMessage: 'Sign in again in the window that opens; this page stays as it is.',
    description:
      'Text of the notice shown when the embedded portal was signed out: the embedding site opens a sign-in window, and the page keeps what the learner was doing',
  },
  frameSignInTitle: {
    id: 'app.frame.signInTitle',
    defaultMessage: 'Sign in to see your courses.',
    description:
      'Title of the notice that is the whole page of the portal embedded in another site before the learner has signed in (a first visit, or a session that ended between visits)',
  },
  frameSignInText: {
    id: 'app.frame.signInText',
    defaultMessage: 'Sign in in the window that opens; your courses then show here.',
    description:
      'Text of the notice shown by the embedded portal before the learner has signed in: the embedding site opens a sign-in window, then the portal shows the courses',
  },
  frameSignIn: {
    id: 'app.frame.signIn',
    defaultMessage: 'Sign in',
    description:
      'Button of the embedded portal before the learner has signed in: asks the embedding site to open the sign-in window (again, when it was closed or blocked)',
  },
  frameSignInAgain: {
    id: 'app.frame.signInAgain',
    defaultMessage: 'Sign in again',
    description:
      'Button of the signed-out notice in the embedded portal: asks the embedding site to open the sign-in window again',
  },
});

/**
 * The name of My courses in the heading, the navigation and the breadcrumbs: the tenant's own
 * (`ui.courses_name`) when it names one, else 'My courses' in the learner's language.
 */
export function coursesName(configured: string, intl: IntlShape): string {
  return configured || intl.formatMessage(appMessages.navCourses);
}
