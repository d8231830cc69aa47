import { defineMessages } from 'react-intl';

export const emailAnswerMessages = defineMessages({
  title: {
    id: 'emailAnswer.title',
    defaultMessage: 'Your answer',
    description: 'Heading of the page opened from an answer given by e-mail',
  },
  correct: {
    id: 'emailAnswer.correct',
    defaultMessage: 'Correct! Well done.',
    description: 'Result on the email-answer page when the answer was correct',
  },
  incorrect: {
    id: 'emailAnswer.incorrect',
    defaultMessage: 'Not quite. Review the module and try again.',
    description: 'Result on the email-answer page when the answer was not correct',
  },
  received: {
    id: 'emailAnswer.received',
    defaultMessage: 'Your answer was received. The result will be shown once it is checked.',
    description: 'Result on the email-answer page while the module has no result yet',
  },
  answer: {
    id: 'emailAnswer.answer',
    defaultMessage: 'You answered',
    description: 'Label of the answer text on the email-answer page',
  },
  module: {
    id: 'emailAnswer.module',
    defaultMessage: 'Module',
    description: 'Label of the module name on the email-answer page',
  },
  course: {
    id: 'emailAnswer.course',
    defaultMessage: 'Course',
    description: 'Label of the course name on the email-answer page',
  },
  review: {
    id: 'emailAnswer.review',
    defaultMessage: 'Review module',
    description: 'Button on the email-answer page opening the module',
  },
  notFound: {
    id: 'emailAnswer.notFound',
    defaultMessage: 'Module not found',
    description: 'Heading of the email-answer page when the module does not exist for the learner',
  },
  notFoundText: {
    id: 'emailAnswer.notFoundText',
    defaultMessage: 'The module of this answer could not be found. It may have been removed.',
    description: 'Text of the email-answer page when the module is not found',
  },
  backToCourses: {
    id: 'emailAnswer.backToCourses',
    defaultMessage: 'Go to my courses',
    description: 'Link from the Module not found page to My courses',
  },
  failed: {
    id: 'emailAnswer.failed',
    defaultMessage: 'Unknown error. Please refresh the page and try again.',
    description: 'Error on the email-answer page when it could not be loaded',
  },
});
