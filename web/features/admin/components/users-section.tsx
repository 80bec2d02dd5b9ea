// Find users: everyone on the platform, in clouds or not, by part of a name or email, with their clouds.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../../core/api/admin.ts';
import { LIST_SEARCH_MIN_LENGTH } from '../../../../core/api/list-query.ts';
import { LinkDialog } from '../../../platform/link-dialog.tsx';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { roleLabelKey } from '../../../platform/list-page/role-labels.ts';
import { SearchField } from '../../../platform/search-field/search-field.tsx';
import { DateTime, useFormatDateTime } from '../../account/index.ts';
import { usePlatformUsers } from '../api/get-platform-users.ts';
import { usePasswordResetLink } from '../api/password-reset-link.ts';
import { AdminList, usePageOffset } from './admin-list.tsx';
import { PersonEmailDialog } from './person-email-dialog.tsx';

export const nameOf = (user: AdminUser) => `${user.firstname} ${user.lastname}`.trim() || user.email;

export function UsersSection({
  search,
  onSearch,
}: {
  readonly search: string;
  readonly onSearch: (term: string) => void;
}) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const term = search.trim().length >= LIST_SEARCH_MIN_LENGTH ? search.trim() : '';
  const [offset, setOffset] = usePageOffset(term);
  const result = usePlatformUsers(term, offset);
  const resetLink = usePasswordResetLink();
  const [linkFor, setLinkFor] = useState<{ user: AdminUser; link: string } | null>(null);
  const [emailFor, setEmailFor] = useState<AdminUser | null>(null);
  // A reset link to hand over, and a new email: what a person without a working mailbox needs.
  const resetButton = (user: AdminUser) => (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', ml: -0.5 }}>
      <Button
        size="small"
        disabled={resetLink.isPending}
        aria-label={t('admin.users.resetLinkTitle', { person: nameOf(user) })}
        onClick={() => resetLink.mutate(user.id, { onSuccess: ({ link }) => setLinkFor({ user, link }) })}
      >
        {t('admin.users.resetLink')}
      </Button>
      <Button
        size="small"
        aria-label={t('admin.users.changeEmailFor', { person: nameOf(user) })}
        onClick={() => setEmailFor(user)}
      >
        {t('admin.users.changeEmail')}
      </Button>
    </Box>
  );
  const columns: ListColumn<AdminUser>[] = [
    {
      id: 'person',
      header: t('admin.users.person'),
      cell: (user) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {nameOf(user)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Typography>
          {/* What the columns of wider screens say. */}
          <Typography variant="body2" color="text.secondary" sx={{ display: { md: 'none' } }}>
            {t('admin.users.summary', {
              date: formatDateTime(user.created_at),
              state: user.two_factor_enabled ? t('admin.users.twoFactorOn') : t('admin.users.twoFactorOff'),
            })}
          </Typography>
          <Box sx={{ display: { md: 'none' } }}>{resetButton(user)}</Box>
        </>
      ),
    },
    {
      id: 'clouds',
      header: t('admin.users.clouds'),
      cell: (user) =>
        user.clouds.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('admin.users.noClouds')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {user.clouds.map((cloud) => (
              <li key={cloud.id}>
                {t('admin.users.cloudRole', { cloud: cloud.name, role: t(roleLabelKey(cloud.role_id)) })}
              </li>
            ))}
          </Box>
        ),
    },
    {
      id: 'twoFactor',
      header: t('admin.users.twoFactor'),
      from: 'md',
      nowrap: true,
      cell: (user) => (
        <Chip
          size="small"
          variant="outlined"
          color={user.two_factor_enabled ? 'success' : 'default'}
          label={user.two_factor_enabled ? t('admin.users.twoFactorOn') : t('admin.users.twoFactorOff')}
        />
      ),
    },
    {
      id: 'created',
      header: t('admin.users.created'),
      from: 'md',
      cell: (user) => <DateTime iso={user.created_at} />,
    },
    {
      id: 'actions',
      header: t('admin.list.actions'),
      from: 'md',
      cell: (user) => resetButton(user),
    },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ maxWidth: { sm: 420 } }}>
        <SearchField
          label={t('admin.users.search')}
          placeholder={t('admin.users.search')}
          value={search}
          minLength={LIST_SEARCH_MIN_LENGTH}
          onSearch={onSearch}
        />
      </Box>
      <AdminList
        result={result}
        offset={offset}
        onOffset={setOffset}
        emptyText={term === '' ? t('admin.users.empty') : undefined}
        columns={columns}
        rowKey={(user) => user.id}
        labelledBy="admin-tab-users"
      />
      {emailFor && (
        <PersonEmailDialog user={emailFor} person={nameOf(emailFor)} onClose={() => setEmailFor(null)} />
      )}
      {linkFor && (
        <LinkDialog
          title={t('admin.users.resetLinkTitle', { person: nameOf(linkFor.user) })}
          notice={t('admin.users.resetLinkNotice', { email: linkFor.user.email })}
          label={t('admin.users.resetLinkField')}
          link={linkFor.link}
          onClose={() => setLinkFor(null)}
        />
      )}
    </Box>
  );
}
