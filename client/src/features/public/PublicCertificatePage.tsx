// Public certificate (/certificate/{certificateNumber}, the certificate share link): the
// certificate for anyone with the link, with a not-found fallback for an unknown number.
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { useUiConfigContext } from '../../app/context';
import { ApiError } from '../../api/http';
import { usePublicCertificate } from '../../api/hooks';
import { CertificateDocument } from '../../ui/CertificateDocument';
import { PageSkeleton } from '../../ui/PageSkeleton';
import { useRefreshAt } from '../../ui/useRefreshAt';
import { PublicLoadError } from './PublicLoadError';
import { CertificateActions, CertificateHeader } from '../certificate/CertificateParts';
import { gatewayPdfUrl } from '../certificate/pdfLink';
import { publicCertificateMessages as m } from './publicPageMessages';
import '../certificate/certificate.css';
import './public-pages.css';

export default function PublicCertificatePage() {
  const intl = useIntl();
  const config = useUiConfigContext();
  const { certificateNumber = '' } = useParams();
  const { data, error, isLoading, mutate } = usePublicCertificate(certificateNumber);
  useRefreshAt(data?.refreshAt, mutate);

  if (error && !data) {
    const notFound = error instanceof ApiError && [400, 404].includes(error.status);
    return (
      <section className="page certificate-page public-page">
        <PublicLoadError
          notFound={notFound}
          notFoundTitle={intl.formatMessage(m.notFoundTitle)}
          notFoundText={intl.formatMessage(m.notFoundText, { number: certificateNumber })}
          withIcon
          loadFailed={intl.formatMessage(m.loadFailed)}
          loadFailedHint={intl.formatMessage(m.loadFailedHint)}
          onRetry={() => void mutate()}
        />
      </section>
    );
  }
  if (isLoading || !data) return <PageSkeleton />;

  const pdf = gatewayPdfUrl(data.pdfUrl, data.certificateNumber);
  return (
    <article className="page certificate-page public-page">
      <CertificateHeader
        eyebrow={intl.formatMessage(m.eyebrow)}
        courseName={data.courseName}
        fallbackHeading={intl.formatMessage(m.heading, { number: data.certificateNumber })}
      >
        <p className="public-certificate__issuer">
          {intl.formatMessage(m.issuedBy, { product: <bdi key="product">{config.productName}</bdi> })}
        </p>
      </CertificateHeader>
      {data.expired && (
        <p className="certificate-page__expired" role="note">
          {intl.formatMessage(m.expiredNotice)}
        </p>
      )}
      <div className="certificate-page__layout">
        <CertificateDocument
          templateName={data.templateName}
          holderName={data.holderName}
          courseName={data.courseName}
          certificateNumber={data.certificateNumber}
          issuedAt={data.issuedAt}
          expiresAt={data.expiresAt}
          expired={data.expired}
        />
        <div className="certificate-page__side">
          <CertificateActions
            pdf={pdf}
            downloadLabel={intl.formatMessage(m.download)}
            share={{
              href: data.shareUrl,
              label: intl.formatMessage(m.share),
              copiedLabel: intl.formatMessage(m.shareCopied),
              copiedToast: intl.formatMessage(m.copied),
              failedToast: intl.formatMessage(m.copyFailed),
            }}
          />
        </div>
      </div>
    </article>
  );
}
