// docs/navigation.md#top-bar-panels "Create a new site": asks for the name in the prompt dialog, creates the site, then chooses it.
// A refused name (400, e.g. a duplicate) asks again with the server's message.
import { useTranslation } from 'react-i18next';
import { useCreateSite } from '../../features/sites/index.ts';
import { isApiError } from '../../platform/api-error.ts';
import { promptDialog } from '../../platform/dialogs/dialog-store.ts';

export function useCreateSiteFlow(cloudId: number, onCreated: (siteId: number) => void) {
  const { t } = useTranslation();
  const create = useCreateSite(cloudId);
  return async () => {
    let name = '';
    let problem: string | undefined;
    for (;;) {
      const answer = await promptDialog({
        title: t('shell.pickers.createSite'),
        label: t('shell.pickers.siteName'),
        content: problem,
        initialValue: name,
        submitLabel: t('shell.pickers.create'),
      });
      if (answer === null) return;
      name = answer.trim();
      try {
        const created = await create.mutateAsync({ name });
        onCreated(created.id);
        return;
      } catch (error) {
        // Other failures go to the app's error policy.
        if (!(isApiError(error) && error.kind === 'validation')) throw error;
        problem = error.errors.map((issue) => issue.message).join(' ') || error.message;
      }
    }
  };
}
