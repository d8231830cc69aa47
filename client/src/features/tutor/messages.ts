import { defineMessages } from 'react-intl';

export const tutorMessages = defineMessages({
  open: {
    id: 'tutor.open',
    defaultMessage: 'Ask the AI tutor',
    description: 'Button on course pages that opens the AI tutor chat panel',
  },
  title: {
    id: 'tutor.title',
    defaultMessage: 'AI tutor',
    description: 'Heading of the AI tutor chat panel',
  },
  intro: {
    id: 'tutor.intro',
    defaultMessage: 'Ask a question about {course}. Answers come from the course itself and name their sources.',
    description: 'Text at the top of the AI tutor panel; {course} is the course name',
  },
  question: {
    id: 'tutor.question',
    defaultMessage: 'Your question',
    description: 'Label of the text box where the learner types a question for the AI tutor',
  },
  ask: {
    id: 'tutor.ask',
    defaultMessage: 'Ask',
    description: 'Button that sends the question to the AI tutor',
  },
  stop: {
    id: 'tutor.stop',
    defaultMessage: 'Stop',
    description: 'Button that stops the AI tutor while it is answering',
  },
  retry: {
    id: 'tutor.retry',
    defaultMessage: 'Ask again',
    description: 'Button that sends a question again after the AI tutor failed to answer',
  },
  close: {
    id: 'tutor.close',
    defaultMessage: 'Close the tutor',
    description: 'Button that closes the AI tutor panel',
  },
  you: {
    id: 'tutor.you',
    defaultMessage: 'You',
    description: 'Label of the learner’s own question in the AI tutor conversation',
  },
  tutor: {
    id: 'tutor.tutor',
    defaultMessage: 'Tutor',
    description: 'Label of an answer of the AI tutor in the conversation',
  },
  answering: {
    id: 'tutor.answering',
    defaultMessage: 'The tutor is answering…',
    description: 'Status read to screen readers while the AI tutor writes its answer',
  },
  answered: {
    id: 'tutor.answered',
    defaultMessage: 'The tutor answered: {answer}',
    description: 'Status read to screen readers once the AI tutor finished; {answer} is the whole answer',
  },
  stopped: {
    id: 'tutor.stopped',
    defaultMessage: 'Stopped.',
    description: 'Shown after an AI tutor answer the learner stopped',
  },
  failed: {
    id: 'tutor.failed',
    defaultMessage: 'The tutor could not answer right now.',
    description: 'Shown when the AI tutor failed to answer',
  },
  sources: {
    id: 'tutor.sources',
    defaultMessage: 'Sources',
    description: 'Heading of the list of course passages an AI tutor answer is based on',
  },
  required: {
    id: 'tutor.required',
    defaultMessage: 'Field is required',
    description: 'Error under the question box when the learner asks an empty question',
  },
});
