// POST /apiv2/user/newsletter: subscribes to the newsletter or unsubscribes (docs/states.md, docs/api.md#the-calls). The user's state
// lives in GET /apiv2/auth/me, whose cached answer takes the new value.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Newsletter } from '../../../../core/api/news.ts';
import { apiPost } from '../../../platform/http.ts';
import { meQueryOptions } from '../../auth/index.ts';

export function setNewsletter(subscribe: boolean): Promise<Newsletter> {
  return apiPost<Newsletter>('/apiv2/user/newsletter', { subscribe });
}

export function useSetNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setNewsletter,
    // Quick toggles reach the server in order, so the last one wins.
    scope: { id: 'news-newsletter' },
    onSuccess: ({ subscribe }) =>
      queryClient.setQueryData(meQueryOptions().queryKey, (me) =>
        me ? { ...me, user: { ...me.user, subscribe_newsletter: subscribe } } : me,
      ),
  });
}
