// A certificate drawn as a document: holder, course, dates, number, and the result when given.
// Shared by the learner's certificate preview and the public certificate page.
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import './pill.css';
import './certificate-document.css';

export const certificateDocumentMessages = defineMessages({
  fallbackTitle: {
    id: 'ui.certificate.fallbackTitle',
    defaultMessage: 'Certificate of completion',
    description: 'Title of a certificate whose template has no name',
  },
  certifies: {
    id: 'ui.certificate.certifies',
    defaultMessage: 'This certifies that',
    description: 'Line on a certificate before the name of the person who earned it',
  },
  completed: {
    id: 'ui.certificate.completed',
    defaultMessage: 'has successfully completed',
    description: 'Line on a certificate between the person and the course name',
  },
  student: {
    id: 'ui.certificate.student',
    defaultMessage: 'Student',
    description: 'Label of the name of the person a certificate was issued to',
  },
  course: {
    id: 'ui.certificate.course',
    defaultMessage: 'Course',
    description: 'Label of the course name on a certificate',
  },
  code: {
    id: 'ui.certificate.code',
    defaultMessage: 'Course code',
    description: 'Label of the course code on a certificate',
  },
  number: {
    id: 'ui.certificate.number',
    defaultMessage: 'Certificate ID',
    description: 'Label of the certificate number on a certificate',
  },
  issued: {
    id: 'ui.certificate.issued',
    defaultMessage: 'Issued on',
    description: 'Label of the date a certificate was issued',
  },
  expires: {
    id: 'ui.certificate.expires',
    defaultMessage: 'Valid until',
    description: 'Label of the date a certificate expires',
  },
  expiredOn: {
    id: 'ui.certificate.expiredOn',
    defaultMessage: 'Expired on',
    description: 'Label of the date an expired certificate stopped being valid',
  },
  noExpiry: {
    id: 'ui.certificate.noExpiry',
    defaultMessage: 'Does not expire',
    description: 'Value of the expiry date of a certificate that never expires',
  },
  score: {
    id: 'ui.certificate.score',
    defaultMessage: 'Score',
    description: 'Label of the score of the certified result',
  },
  grade: {
    id: 'ui.certificate.grade',
    defaultMessage: 'Grade',
    description: 'Label of the grade of the certified result',
  },
  expired: {
    id: 'ui.certificate.expired',
    defaultMessage: 'Expired',
    description: 'Badge on a certificate whose validity has ended',
  },
  valid: {
    id: 'ui.certificate.valid',
    defaultMessage: 'Valid',
    description: 'Badge on a certificate that is still valid',
  },
});

interface Props {
  templateName?: string;
  holderName?: string;
  courseName?: string;
  courseCode?: string;
  certificateNumber: string;
  issuedAt?: string;
  expiresAt?: string;
  expired: boolean;
  /** The score as written (percent and points). */
  score?: ReactNode;
  grade?: string;
}

function day(intl: ReturnType<typeof useIntl>, value?: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : intl.formatDate(date, { dateStyle: 'long' });
}

export function CertificateDocument(props: Props) {
  const intl = useIntl();
  const m = certificateDocumentMessages;
  const facts: { label: string; value: ReactNode }[] = [];
  if (props.holderName) facts.push({ label: intl.formatMessage(m.student), value: <bdi>{props.holderName}</bdi> });
  if (props.courseName) facts.push({ label: intl.formatMessage(m.course), value: <bdi>{props.courseName}</bdi> });
  if (props.courseCode) facts.push({ label: intl.formatMessage(m.code), value: props.courseCode });
  facts.push({
    label: intl.formatMessage(m.number),
    value: <span className="certificate-doc__mono">{props.certificateNumber}</span>,
  });
  if (props.score) facts.push({ label: intl.formatMessage(m.score), value: props.score });
  if (props.grade) facts.push({ label: intl.formatMessage(m.grade), value: props.grade });
  const issued = day(intl, props.issuedAt);
  if (issued) facts.push({ label: intl.formatMessage(m.issued), value: issued });
  facts.push({
    label: intl.formatMessage(props.expired ? m.expiredOn : m.expires),
    value: day(intl, props.expiresAt) ?? intl.formatMessage(m.noExpiry),
  });
  return (
    <div className={`certificate-doc${props.expired ? ' certificate-doc--expired' : ''}`}>
      <div className="certificate-doc__frame">
        <div className="certificate-doc__top">
          <span className="certificate-doc__seal" aria-hidden="true">
            <svg viewBox="0 0 48 48" width="40" height="40" fill="none" stroke="currentColor" strokeWidth="2.5">
              <circle cx="24" cy="19" r="12" />
              <path d="M17 28l-3 15 10-4 10 4-3-15" strokeLinejoin="round" />
              <path d="M19 19l3.5 3.5L29 16" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
          <span className={`certificate-doc__state ${props.expired ? 'pill pill--danger' : 'pill pill--success'}`}>
            {intl.formatMessage(props.expired ? m.expired : m.valid)}
          </span>
        </div>
        <p className="certificate-doc__title">
          {props.templateName ? <bdi>{props.templateName}</bdi> : intl.formatMessage(m.fallbackTitle)}
        </p>
        {props.holderName && (
          <>
            <p className="certificate-doc__line">{intl.formatMessage(m.certifies)}</p>
            <p className="certificate-doc__holder">
              <bdi>{props.holderName}</bdi>
            </p>
          </>
        )}
        {props.courseName && (
          <>
            <p className="certificate-doc__line">{intl.formatMessage(m.completed)}</p>
            <p className="certificate-doc__course">
              <bdi>{props.courseName}</bdi>
            </p>
          </>
        )}
        <dl className="certificate-doc__facts">
          {facts.map((fact) => (
            <div key={fact.label} className="certificate-doc__fact">
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
