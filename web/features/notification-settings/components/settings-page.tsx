// What the cloud's and a site's Notifications pages share: refused without the permission, loading, failed,
// or the page's intro over the form of every alert type.
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationMember } from '../../../../core/api/notification-settings.ts';
import type { RouteKey } from '../../../../core/routes.ts';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { Loading, NotAllowed, PAGE_TITLE_ID, PageSection } from '../../../platform/page-section.tsx';
import type { RowDraft } from './drafts.ts';
import { SettingsForm } from './settings-form.tsx';

export function SettingsPage<T extends { readonly members: readonly NotificationMember[] }>(props: {
  readonly routeKey: RouteKey;
  readonly allowed: boolean;
  readonly settings: UseQueryResult<T>;
  /** What the page is about, said over the form. */
  readonly intro: (settings: T) => string;
  /** Whose settings these are: another cloud or site starts a fresh form. */
  readonly formKey: string;
  readonly rowsOf: (settings: T) => RowDraft[];
  /** Saves every row; resolves with the settings as stored. */
  readonly save: (rows: readonly RowDraft[]) => Promise<T>;
}) {
  const { t } = useTranslation();
  const { settings, rowsOf } = props;
  let content: ReactNode;
  if (!props.allowed) content = <NotAllowed />;
  else if (settings.isPending) content = <Loading label={t('notifications.page.loading')} />;
  else if (!settings.data)
    content = <LoadFailed message={t('notifications.page.loadFailed')} onRetry={settings.refetch} />;
  else
    content = (
      <>
        <Typography color="text.secondary">{props.intro(settings.data)}</Typography>
        <Typography color="text.secondary">{t('notifications.page.ownChoices')}</Typography>
        <SettingsForm
          key={props.formKey}
          initial={rowsOf(settings.data)}
          members={settings.data.members}
          labelledBy={PAGE_TITLE_ID}
          onSave={async (rows) => rowsOf(await props.save(rows))}
        />
      </>
    );
  return <PageSection routeKey={props.routeKey}>{content}</PageSection>;
}
