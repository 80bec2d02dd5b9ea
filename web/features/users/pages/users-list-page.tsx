import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { UserListItem } from '../../../../core/api/users.ts';
import { can } from '../../../../core/policy.ts';
import { routes } from '../../../../core/routes.ts';
import { ListPageFrame } from '../../../platform/list-page/list-page-frame.tsx';
import { useListPageParams } from '../../../platform/list-page/list-page-params.ts';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { roleLabelKey } from '../../../platform/list-page/role-labels.ts';
import { useCachedMe } from '../../auth/api/get-me.ts';
import { useUsers } from '../api/get-users.ts';

/** SPEC §2.1 /v2/cloud/{cloudId}/users?search=: the cloud's members, for callers with manage_users (§6). */
export function UsersListPage() {
  const { t } = useTranslation();
  const list = useListPageParams('users');
  const membership = useCachedMe()?.memberships.find((candidate) => candidate.cloudId === list.cloudId);
  const allowed = membership !== undefined && can(membership, 'manage_users');
  const result = useUsers(list.cloudId, list.params, allowed);
  if (!allowed) {
    return (
      <section aria-labelledby="page-title">
        <Typography id="page-title" variant="h1" sx={{ mb: 2 }}>
          {t(routes.users.titleKey)}
        </Typography>
        <Typography>{t('platform.errors.forbidden')}</Typography>
      </section>
    );
  }
  const columns: ListColumn<UserListItem>[] = [
    {
      id: 'name',
      header: t('users.column.name'),
      cell: (user) => `${user.firstname} ${user.lastname}`.trim(),
    },
    { id: 'email', header: t('users.column.email'), cell: (user) => user.email },
    { id: 'role', header: t('users.column.role'), from: 'sm', cell: (user) => t(roleLabelKey(user.role_id)) },
  ];
  return (
    <ListPageFrame
      searchLabel={t('users.list.search')}
      list={list}
      result={result}
      columns={columns}
      rowKey={(user) => user.id}
    />
  );
}
