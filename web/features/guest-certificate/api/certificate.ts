// The cloud's certificate (docs/guest-access.md#certificate-and-nas): read, generated self-signed, uploaded.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CertificateAnswer,
  GenerateCertificateBody,
  UploadCertificateBody,
} from '../../../../core/api/guest-certificate.ts';
import { FIELD_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiGet, apiPost, apiPut } from '../../../platform/http.ts';
import { guestCertificateKeys } from './keys.ts';

const url = (cloudId: number) => `/apiv2/cloud/${cloudId}/authport/certificate`;

export function useCertificate(cloudId: number) {
  return useQuery({
    queryKey: guestCertificateKeys.certificate(cloudId),
    queryFn: () => apiGet<CertificateAnswer>(url(cloudId)),
  });
}

export type CertificateChange =
  | { readonly kind: 'generate'; readonly body: GenerateCertificateBody }
  | { readonly kind: 'upload'; readonly body: UploadCertificateBody };

export function useChangeCertificate(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // The dialogs show a refused certificate or key beside its field.
    meta: FIELD_ERRORS,
    mutationFn: (change: CertificateChange) =>
      change.kind === 'generate'
        ? apiPost<CertificateAnswer>(url(cloudId), change.body)
        : apiPut<CertificateAnswer>(url(cloudId), change.body),
    onSuccess: (answer) => queryClient.setQueryData(guestCertificateKeys.certificate(cloudId), answer),
  });
}
