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
});
