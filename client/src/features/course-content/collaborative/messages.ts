import { defineMessages } from 'react-intl';

/** Texts of the collaborative activity: participants, group, start and join prompts. */
export const collaborativeMessages = defineMessages({
  kind: {
    id: 'courseContent.collaborative.kind',
    defaultMessage: 'Group activity',
    description: 'Small label above the name of a collaborative (group) activity',
  },
  intro: {
    id: 'courseContent.collaborative.intro',
    defaultMessage:
      'You work on this activity together with your group. The group shares one piece of work and one result.',
    description: 'Explanation shown on a collaborative activity',
  },
  group: {
    id: 'courseContent.collaborative.group',
    defaultMessage: 'Your group: {name}',
    description: 'Heading of the learner group of a collaborative activity; {name} is the group name',
  },
  groupStatus: {
    id: 'courseContent.collaborative.groupStatus',
    defaultMessage: 'Group work',
    description: 'Label before the status of the group work',
  },
  noGroup: {
    id: 'courseContent.collaborative.noGroup',
    defaultMessage: 'You are not in a group for this activity yet.',
    description: 'Text when the learner is not a member of a group of a collaborative activity',
  },
  participants: {
    id: 'courseContent.collaborative.participants',
    defaultMessage: 'Participants ({count})',
    description: 'Heading of the list of everyone taking part in a collaborative activity; {count} is how many',
  },
  noParticipants: {
    id: 'courseContent.collaborative.noParticipants',
    defaultMessage: 'Nobody takes part in this activity yet.',
    description: 'Empty state of the participants list of a collaborative activity',
  },
  you: {
    id: 'courseContent.collaborative.you',
    defaultMessage: '(you)',
    description: 'Marker after the signed-in learner in a list of participants',
  },
  roleLeader: {
    id: 'courseContent.collaborative.role.leader',
    defaultMessage: 'Group leader',
    description: 'Role of a participant who leads the group of a collaborative activity',
  },
  roleMember: {
    id: 'courseContent.collaborative.role.member',
    defaultMessage: 'Member',
    description: 'Role of a participant of a collaborative activity',
  },
  start: {
    id: 'courseContent.collaborative.start',
    defaultMessage: 'Start group work',
    description: 'Button that opens the prompt to start the group work of a collaborative activity',
  },
  join: {
    id: 'courseContent.collaborative.join',
    defaultMessage: 'Join group work',
    description: 'Button that opens the prompt to join the group work already started by the group',
  },
  startTitle: {
    id: 'courseContent.collaborative.startTitle',
    defaultMessage: 'Start the group work?',
    description: 'Title of the prompt to start the work of a collaborative activity',
  },
  startText: {
    id: 'courseContent.collaborative.startText',
    defaultMessage:
      'You start “{name}” for your group. The other members join the same work, and the result counts for everyone.',
    description: 'Text of the prompt to start a collaborative activity; {name} is the activity name',
  },
  joinTitle: {
    id: 'courseContent.collaborative.joinTitle',
    defaultMessage: 'Join your group’s work?',
    description: 'Title of the prompt to join the work a group has started',
  },
  joinText: {
    id: 'courseContent.collaborative.joinText',
    defaultMessage: '{group} has started “{name}”. You join the same work and share its result.',
    description:
      'Text of the prompt to join a collaborative activity; {group} is the group name, {name} the activity name',
  },
  confirmStart: {
    id: 'courseContent.collaborative.confirmStart',
    defaultMessage: 'Start',
    description: 'Button of the start prompt of a collaborative activity that confirms',
  },
  confirmJoin: {
    id: 'courseContent.collaborative.confirmJoin',
    defaultMessage: 'Join',
    description: 'Button of the join prompt of a collaborative activity that confirms',
  },
  cancel: {
    id: 'courseContent.collaborative.cancel',
    defaultMessage: 'Cancel',
    description: 'Button that closes the start or join prompt without doing anything',
  },
  joined: {
    id: 'courseContent.collaborative.joined',
    defaultMessage: 'You are working on “{name}” with your group.',
    description: 'Announcement after the learner started or joined a collaborative activity',
  },
  notStarted: {
    id: 'courseContent.collaborative.notStartedCourse',
    defaultMessage: 'Start the course to work on this activity with your group.',
    description: 'Text on a collaborative activity when the course has no attempt yet',
  },
});
