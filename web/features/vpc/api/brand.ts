// A vpc cloud's brand (docs/vpc.md): read, saved, and its logo and favicon uploaded or removed. Every change
// writes the answer into the brand's query, and the signed-in theme is read again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UPLOAD_FIELD } from '../../../../core/api/files.ts';
import type { Brand, BrandBody, BrandImageKind } from '../../../../core/api/vpc.ts';
import { FIELD_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiDelete, apiGet, apiPut, apiPutForm } from '../../../platform/http.ts';
import { authKeys } from '../../auth/index.ts';
import { vpcKeys } from './keys.ts';

const brandPath = (cloudId: number) => `/apiv2/cloud/${cloudId}/vpc`;

export function useBrand(cloudId: number, enabled: boolean) {
  return useQuery({
    queryKey: vpcKeys.brand(cloudId),
    queryFn: () => apiGet<Brand>(brandPath(cloudId)),
    enabled,
  });
}

export type BrandChange =
  | { readonly kind: 'save'; readonly body: BrandBody }
  | { readonly kind: 'upload'; readonly image: BrandImageKind; readonly file: File }
  | { readonly kind: 'remove'; readonly image: BrandImageKind };

function send(cloudId: number, change: BrandChange): Promise<Brand> {
  switch (change.kind) {
    case 'save':
      return apiPut<Brand>(brandPath(cloudId), change.body);
    case 'upload': {
      const form = new FormData();
      form.append(UPLOAD_FIELD, change.file, change.file.name);
      return apiPutForm<Brand>(`${brandPath(cloudId)}/images/${change.image}`, form);
    }
    case 'remove':
      return apiDelete<Brand>(`${brandPath(cloudId)}/images/${change.image}`);
  }
}

export function useBrandChange(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: BrandChange) => send(cloudId, change),
    meta: FIELD_ERRORS,
    onSuccess: (brand) => {
      queryClient.setQueryData(vpcKeys.brand(cloudId), brand);
      // On the brand's own host name, the console follows the change.
      void queryClient.invalidateQueries({ queryKey: authKeys.me() });
      void queryClient.invalidateQueries({ queryKey: vpcKeys.theme() });
    },
  });
}
