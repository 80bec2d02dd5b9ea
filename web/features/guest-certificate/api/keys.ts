// The query keys of the Certificate page (docs/guest-access.md#certificate-and-nas).
export const guestCertificateKeys = {
  all: (cloudId: number) => ['guest-certificate', cloudId] as const,
  certificate: (cloudId: number) => [...guestCertificateKeys.all(cloudId), 'certificate'] as const,
  nas: (cloudId: number, offset: number) => [...guestCertificateKeys.all(cloudId), 'nas', offset] as const,
  candidates: (cloudId: number, siteId: number) =>
    [...guestCertificateKeys.all(cloudId), 'candidates', siteId] as const,
  secrets: (cloudId: number, offset: number) =>
    [...guestCertificateKeys.all(cloudId), 'secrets', offset] as const,
};
