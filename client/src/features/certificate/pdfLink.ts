// Certificate files are linked only through this origin (spec section 5: same-origin links
// only). A view's link that points elsewhere is replaced by the gateway's public file route.

/** The PDF link to show: the view's own when it is a path on this origin, else the gateway's. */
export function gatewayPdfUrl(pdfUrl: string | undefined | null, certificateNumber: string): string | undefined {
  if (!pdfUrl) return undefined;
  if (pdfUrl.startsWith('/') && !pdfUrl.startsWith('//')) return pdfUrl;
  return `/api/bff/public/certificates/${encodeURIComponent(certificateNumber)}/certificate.pdf`;
}
