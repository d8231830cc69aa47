// The pieces the learner's certificate preview and the public certificate page share: the
// header (eyebrow over the course name, or the numbered fallback heading) and the actions beside
// the document (the PDF download through the gateway, the share link).
import type { ReactNode } from 'react';
import { CopyLinkButton } from '../../ui/CopyLinkButton';
import { PageHeading } from '../../ui/PageHeading';

export function CertificateHeader({
  eyebrow,
  courseName,
  fallbackHeading,
  children,
}: {
  eyebrow: string;
  courseName?: string | null;
  /** The heading when the certificate names no course. */
  fallbackHeading: string;
  /** Lines under the heading. */
  children?: ReactNode;
}) {
  return (
    <header className="certificate-page__header">
      <p className="certificate-page__eyebrow">{eyebrow}</p>
      <PageHeading title={courseName ?? fallbackHeading}>
        {courseName ? <bdi>{courseName}</bdi> : fallbackHeading}
      </PageHeading>
      {children}
    </header>
  );
}

export function CertificateActions({
  pdf,
  downloadLabel,
  downloadClassName,
  share,
}: {
  /** The gateway's PDF link, when the certificate has one. */
  pdf?: string;
  downloadLabel: string;
  downloadClassName?: string;
  share: { href: string; label: string; copiedLabel: string; copiedToast: string; failedToast: string };
}) {
  return (
    <div className="certificate-page__actions">
      {pdf && (
        <a className={['button button--primary', downloadClassName].filter(Boolean).join(' ')} href={pdf} download>
          <svg
            viewBox="0 0 20 20"
            width="18"
            height="18"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M10 3v10m0 0l-4-4m4 4l4-4M4 16h12" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {downloadLabel}
        </a>
      )}
      <CopyLinkButton {...share} />
    </div>
  );
}
