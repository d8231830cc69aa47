// The certificates of the course, each linking to its preview page.
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { CourseCertificate } from '../../api/contracts/bff';
import { certificateListMessages as m } from './messages';
import { formatDay } from './score';

/** `unavailable`: said in place of the list when the certificates could not be read for now. */
export function CertificateList({
  objectiveId,
  certificates,
  unavailable,
}: {
  objectiveId: string;
  certificates: CourseCertificate[];
  unavailable?: ReactNode;
}) {
  const intl = useIntl();
  return (
    <section className="details-section" aria-labelledby="certificates-heading">
      <h2 id="certificates-heading" className="details-section__heading">
        {intl.formatMessage(m.heading)}
      </h2>
      {unavailable ||
        (certificates.length > 0 && (
          <ul className="certificate-list">
            {certificates.map((certificate) => {
              const issued = formatDay(intl, certificate.issued);
              const expires = formatDay(intl, certificate.expires);
              return (
                <li
                  key={certificate.certificateNumber}
                  className={`certificate-item${certificate.expired ? ' certificate-item--expired' : ''}`}
                >
                  <span className="certificate-item__seal" aria-hidden="true">
                    <svg viewBox="0 0 32 32" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="2">
                      <circle cx="16" cy="13" r="8" />
                      <path d="M11 19l-2 10 7-3 7 3-2-10" strokeLinejoin="round" />
                    </svg>
                  </span>
                  <div className="certificate-item__body">
                    <h3 className="certificate-item__name">
                      <Link
                        to={`/courses/${encodeURIComponent(objectiveId)}/certificate/${encodeURIComponent(certificate.certificateNumber)}`}
                      >
                        {certificate.name || intl.formatMessage(m.fallbackName)}
                      </Link>
                    </h3>
                    <p className="certificate-item__meta">
                      {issued && <span>{intl.formatMessage(m.issued, { date: issued })}</span>}
                      {expires && (
                        <span>
                          {intl.formatMessage(certificate.expired ? m.expiredOn : m.validUntil, { date: expires })}
                        </span>
                      )}
                      {certificate.expired && (
                        <span className="pill pill--danger">{intl.formatMessage(m.expired)}</span>
                      )}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        ))}
    </section>
  );
}
