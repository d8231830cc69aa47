import { defineMessages } from 'react-intl';

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
  error500: {
    id: 'app.error.500.title',
    defaultMessage: '500 Something went wrong',
    description: 'Title of the error page shown when a page crashed or failed to load',
  },
  errorNotFound: {
    id: 'app.error.404.title',
    defaultMessage: 'Page not found',
    description: 'Title of the error page shown when a route does not exist',
  },
  errorHint: {
    id: 'app.error.hint',
    defaultMessage: 'Please try again in a few minutes.',
    description: 'Text under the title of the error page',
  },
  errorChunk: {
    id: 'app.error.chunk',
    defaultMessage: 'A part of the page could not be loaded. Please reload the page.',
    description: 'Text of the error page when a piece of the application could not be downloaded',
  },
  reload: {
    id: 'app.error.reload',
    defaultMessage: 'Reload the page',
    description: 'Button on the error page that reloads the browser page',
  },
  toMyCourses: {
    id: 'app.error.toMyCourses',
    defaultMessage: 'Go to My courses',
    description: 'Button on the error page for learner-only users, leading to the My courses page',
  },
  toContentLibrary: {
    id: 'app.error.toContentLibrary',
    defaultMessage: 'Go to the content library',
    description: 'Button on the error page for users with more than the learner role',
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
});
