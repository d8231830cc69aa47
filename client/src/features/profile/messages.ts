import { defineMessages } from 'react-intl';

export const profileMessages = defineMessages({
  title: {
    id: 'profile.title',
    defaultMessage: 'Profile',
    description: 'Browser tab title and small label above the learner name on the profile page',
  },
  tabsLabel: {
    id: 'profile.tabs.label',
    defaultMessage: 'Profile sections',
    description: 'Accessible name of the row of tabs on the profile page',
  },
  personalInfoTab: {
    id: 'profile.tabs.personalInfo',
    defaultMessage: 'Personal info',
    description: 'Tab on the profile page that shows e-mail and primary unit',
  },
  timeZoneTab: {
    id: 'profile.tabs.timeZone',
    defaultMessage: 'Preferred time zone',
    description: 'Tab on the profile page where the learner chooses the time zone dates are shown in',
  },
  email: {
    id: 'profile.personal.email',
    defaultMessage: 'E-mail',
    description: 'Label of the learner e-mail address on the profile page',
  },
  primaryUnit: {
    id: 'profile.personal.primaryUnit',
    defaultMessage: 'Primary unit',
    description: 'Label of the organisational unit (department) the learner mainly belongs to',
  },
  noUnit: {
    id: 'profile.personal.noUnit',
    defaultMessage: 'Not assigned',
    description: 'Shown instead of a unit name when the learner belongs to no unit',
  },
  unitWithCode: {
    id: 'profile.personal.unitWithCode',
    defaultMessage: '{name} ({code})',
    description: 'A unit name followed by its short code in brackets',
  },
  privacyPolicy: {
    id: 'profile.personal.privacy',
    defaultMessage: 'Read the privacy policy',
    description: 'Link on the profile page to the privacy policy of the organisation (opens in a new tab)',
  },
  newTab: {
    id: 'profile.newTab',
    defaultMessage: '(opens in a new tab)',
    description: 'Hidden text read by screen readers after a link that opens in a new browser tab',
  },
  currentTime: {
    id: 'profile.timeZone.now',
    defaultMessage: 'Current date and time',
    description: 'Label above the current date and time in the chosen time zone',
  },
  zoneLabel: {
    id: 'profile.timeZone.label',
    defaultMessage: 'Time zone',
    description: 'Label of the searchable list of time zones',
  },
  zoneHint: {
    id: 'profile.timeZone.hint',
    defaultMessage: 'Dates and times across the portal are shown in this time zone. Type to search by city or region.',
    description: 'Help text under the time zone list on the profile page',
  },
  notChosen: {
    id: 'profile.timeZone.notChosen',
    defaultMessage: 'You have not chosen a time zone yet; dates are shown in {zone}.',
    description:
      'Note on the time zone tab when the learner never chose a zone; zone is the one used meanwhile (for example UTC)',
  },
  detect: {
    id: 'profile.timeZone.detect',
    defaultMessage: 'Detect my time zone',
    description: 'Button that picks the time zone of the learner computer or phone',
  },
  saving: {
    id: 'profile.timeZone.saving',
    defaultMessage: 'Saving…',
    description: 'Text read while the chosen time zone is being saved',
  },
  saved: {
    id: 'profile.timeZone.saved',
    defaultMessage: 'The time zone was set',
    description: 'Notification after the learner time zone was saved',
  },
  saveFailed: {
    id: 'profile.timeZone.saveFailed',
    defaultMessage: 'The time zone could not be set to {zone}.',
    description:
      'Error under the time zone list when saving the chosen zone failed; the list shows the saved zone again. zone is the chosen zone as the list names it, for example (UTC+09:00) Asia/Tokyo. A second line may say why, and a Try again button may follow',
  },
  noZones: {
    id: 'profile.timeZone.noMatch',
    defaultMessage: 'No time zone matches',
    description: 'Shown in the time zone list when the search matches nothing',
  },
  loadFailed: {
    id: 'profile.loadFailed',
    defaultMessage: 'Something went wrong',
    description: 'Title shown when the profile could not be loaded',
  },
  loadFailedHint: {
    id: 'profile.loadFailedHint',
    defaultMessage: 'Please try again in a few minutes.',
    description: 'Hint under the profile loading failure title',
  },
});
