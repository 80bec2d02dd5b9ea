// docs/guest-access.md#accounts-and-vouchers: AuthPort's Accounts page (/v2/cloud/{cloudId}/authport/accounts):
// people's accounts, vouchers and voucher batches, paged on the server; search, state and plan filters;
// revoke, extend and delete; make an account or a batch; print a batch and export the list as CSV.
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  GUEST_ACCOUNT_STATES,
  type GuestAccount,
  type GuestAccountState,
  type VoucherBatch,
} from '../../../../core/api/guest-accounts.ts';
import { LIST_PAGE_SIZE, LIST_SEARCH_MIN_LENGTH } from '../../../../core/api/list-query.ts';
import { readPathIds, routes } from '../../../../core/routes.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { confirmThen } from '../../../platform/dialogs/dialog-store.ts';
import { ListResults } from '../../../platform/list-page/list-page-frame.tsx';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { SearchField } from '../../../platform/search-field/search-field.tsx';
import { useFormatDateTime } from '../../account/index.ts';
import { usePlanChoices } from '../../guest-plans/index.ts';
import {
  type AccountChange,
  accountsExportHref,
  batchPdfHref,
  useChangeAccount,
  useGuestAccounts,
  useVoucherBatches,
} from '../api/accounts.ts';
import { AccountDialog } from '../components/account-dialog.tsx';
import { BatchDialog } from '../components/batch-dialog.tsx';
import { ExtendDialog } from '../components/extend-dialog.tsx';
import { STATE_KEYS, StateChip } from '../components/state-chip.tsx';

const TITLE_ID = 'page-title';
const TABS = ['account', 'voucher', 'batches'] as const;
type TabKey = (typeof TABS)[number];
const TAB_KEYS = {
  account: 'guestAccounts.tab.accounts',
  voucher: 'guestAccounts.tab.vouchers',
  batches: 'guestAccounts.tab.batches',
} as const satisfies Record<TabKey, string>;

/** The moment an account stops being valid, the earlier of its validity and its own last day. */
const endOf = (account: GuestAccount) =>
  [account.valid_until, account.expires_at].filter((at) => at !== null).sort()[0] ?? null;

export function AccountsPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const cloudId = readPathIds(pathname).cloudId ?? null;
  const when = useFormatDateTime();
  const [tab, setTab] = useState<TabKey>('account');
  const [search, setSearch] = useState('');
  const [state, setState] = useState<GuestAccountState | null>(null);
  const [planId, setPlanId] = useState<number | null>(null);
  const [batch, setBatch] = useState<VoucherBatch | null>(null);
  const [offset, setOffset] = useState(0);
  const [batchOffset, setBatchOffset] = useState(0);
  const [dialog, setDialog] = useState<'account' | 'batch' | null>(null);
  const [extending, setExtending] = useState<GuestAccount | null>(null);
  const planChoices = usePlanChoices(cloudId);
  const plans = planChoices.data?.items ?? [];
  const filters = {
    type: tab === 'batches' ? undefined : tab,
    search: search === '' ? undefined : search,
    state: state ?? undefined,
    plan_id: planId ?? undefined,
    batch_id: tab === 'voucher' ? batch?.id : undefined,
  };
  const accounts = useGuestAccounts(tab === 'batches' ? null : cloudId, {
    ...filters,
    offset,
    limit: LIST_PAGE_SIZE,
  });
  const batches = useVoucherBatches(tab === 'batches' ? cloudId : null, batchOffset, LIST_PAGE_SIZE);
  const change = useChangeAccount(cloudId ?? 0);

  const filtered = (update: () => void) => {
    update();
    setOffset(0);
  };
  const failed = (error: unknown) =>
    showMessage({
      variant: 'error',
      content: (isApiError(error) && error.serverMessage) || t('guestAccounts.error.changeFailed'),
    });
  const run = (changeToMake: AccountChange, done: string) =>
    change.mutate(changeToMake, { onSuccess: () => showMessage({ content: done }), onError: failed });

  const accountColumns: ListColumn<GuestAccount>[] = [
    {
      id: 'username',
      header: tab === 'voucher' ? t('guestAccounts.column.code') : t('guestAccounts.column.username'),
      cell: (account) => (
        <Typography
          component="span"
          sx={{ fontWeight: 500, fontFamily: account.kind === 'voucher' ? 'monospace' : undefined }}
        >
          {account.username}
        </Typography>
      ),
      text: (account) => account.username,
    },
    {
      id: 'state',
      header: t('guestAccounts.column.state'),
      cell: (account) => <StateChip state={account.state} />,
      nowrap: true,
    },
    { id: 'plan', header: t('guestAccounts.column.plan'), cell: (account) => account.plan.name, from: 'sm' },
    ...(tab === 'voucher'
      ? [
          {
            id: 'batch',
            header: t('guestAccounts.column.batch'),
            cell: (account: GuestAccount) => account.batch?.name ?? '',
            from: 'md' as const,
          },
        ]
      : [
          {
            id: 'email',
            header: t('guestAccounts.column.emailNote'),
            cell: (account: GuestAccount) => [account.email, account.note].filter(Boolean).join(' · '),
            from: 'md' as const,
          },
        ]),
    {
      id: 'firstUsed',
      header: t('guestAccounts.column.firstUsed'),
      cell: (account) => (account.first_used_at ? when(account.first_used_at) : '—'),
      from: 'lg',
      nowrap: true,
    },
    {
      id: 'ends',
      header: t('guestAccounts.column.ends'),
      cell: (account) => {
        const end = endOf(account);
        return end ? when(end) : '—';
      },
      from: 'md',
      nowrap: true,
    },
    {
      id: 'actions',
      header: t('guestAccounts.column.actions'),
      headerHidden: true,
      cell: (account) => (
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          <Button
            size="small"
            disabled={account.state === 'revoked'}
            aria-label={t('guestAccounts.action.extendNamed', { name: account.username })}
            onClick={() => setExtending(account)}
          >
            {t('guestAccounts.action.extend')}
          </Button>
          <Button
            size="small"
            disabled={account.state === 'revoked' || change.isPending}
            aria-label={t('guestAccounts.action.revokeNamed', { name: account.username })}
            onClick={() =>
              void confirmThen(
                t('guestAccounts.revoke.title'),
                t('guestAccounts.revoke.content', { name: account.username }),
                t('guestAccounts.action.revoke'),
                () =>
                  run(
                    { kind: 'revoke', accountId: account.id },
                    t('guestAccounts.revoke.done', { name: account.username }),
                  ),
              )
            }
          >
            {t('guestAccounts.action.revoke')}
          </Button>
          <Button
            size="small"
            color="error"
            disabled={change.isPending}
            aria-label={t('guestAccounts.action.deleteNamed', { name: account.username })}
            onClick={() =>
              void confirmThen(
                t('guestAccounts.delete.title'),
                t('guestAccounts.delete.content', { name: account.username }),
                t('guestAccounts.action.delete'),
                () =>
                  run(
                    { kind: 'delete', accountId: account.id },
                    t('guestAccounts.delete.done', { name: account.username }),
                  ),
              )
            }
          >
            {t('guestAccounts.action.delete')}
          </Button>
        </Box>
      ),
    },
  ];

  const batchColumns: ListColumn<VoucherBatch>[] = [
    { id: 'name', header: t('guestAccounts.column.batchName'), cell: (row) => row.name },
    { id: 'plan', header: t('guestAccounts.column.plan'), cell: (row) => row.plan.name, from: 'sm' },
    {
      id: 'used',
      header: t('guestAccounts.column.used'),
      cell: (row) => t('guestAccounts.batch.used', { used: row.used, count: row.count }),
      nowrap: true,
    },
    {
      id: 'expires',
      header: t('guestAccounts.column.expires'),
      cell: (row) => (row.expires_at ? when(row.expires_at) : '—'),
      from: 'md',
      nowrap: true,
    },
    {
      id: 'created',
      header: t('guestAccounts.column.created'),
      cell: (row) => when(row.created_at),
      from: 'lg',
      nowrap: true,
    },
    {
      id: 'actions',
      header: t('guestAccounts.column.actions'),
      headerHidden: true,
      cell: (row) => (
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          <Button
            size="small"
            startIcon={<PrintIcon />}
            href={batchPdfHref(cloudId ?? 0, row.id)}
            download
            aria-label={t('guestAccounts.action.printNamed', { name: row.name })}
          >
            {t('guestAccounts.action.print')}
          </Button>
          <Button
            size="small"
            aria-label={t('guestAccounts.action.showVouchersNamed', { name: row.name })}
            onClick={() => {
              setBatch(row);
              setTab('voucher');
              setOffset(0);
            }}
          >
            {t('guestAccounts.action.showVouchers')}
          </Button>
          <Button
            size="small"
            color="error"
            disabled={change.isPending}
            aria-label={t('guestAccounts.action.deleteNamed', { name: row.name })}
            onClick={() =>
              void confirmThen(
                t('guestAccounts.deleteBatch.title'),
                t('guestAccounts.deleteBatch.content', { name: row.name, count: row.count }),
                t('guestAccounts.action.delete'),
                () =>
                  run(
                    { kind: 'deleteBatch', batchId: row.id },
                    t('guestAccounts.delete.done', { name: row.name }),
                  ),
              )
            }
          >
            {t('guestAccounts.action.delete')}
          </Button>
        </Box>
      ),
    },
  ];

  const noPlans = plans.length === 0;
  // Said once the plans are known: accounts and vouchers need a plan.
  const planless = planChoices.data !== undefined && noPlans;
  return (
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Typography id={TITLE_ID} variant="h1">
          {t(routes.authportAccounts.titleKey)}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            disabled={noPlans}
            onClick={() => setDialog('account')}
          >
            {t('guestAccounts.action.createAccount')}
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            disabled={noPlans}
            onClick={() => setDialog('batch')}
          >
            {t('guestAccounts.action.createBatch')}
          </Button>
        </Box>
      </Box>
      {planless && <Typography color="text.secondary">{t('guestAccounts.page.noPlans')}</Typography>}
      <Tabs
        value={tab}
        onChange={(_, value: TabKey) => {
          setTab(value);
          setOffset(0);
          if (value !== 'voucher') setBatch(null);
        }}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('guestAccounts.tab.label')}
      >
        {TABS.map((key) => (
          <Tab
            key={key}
            value={key}
            label={t(TAB_KEYS[key])}
            id={`tab-${key}`}
            aria-controls="accounts-panel"
          />
        ))}
      </Tabs>
      <Box
        id="accounts-panel"
        role="tabpanel"
        aria-labelledby={`tab-${tab}`}
        sx={{ display: 'grid', gap: 2, minWidth: 0 }}
      >
        {tab !== 'batches' && (
          <>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Box sx={{ flex: '1 1 240px', maxWidth: { sm: 420 } }}>
                <SearchField
                  label={t('guestAccounts.list.search')}
                  minLength={LIST_SEARCH_MIN_LENGTH}
                  onSearch={(term) => filtered(() => setSearch(term))}
                />
              </Box>
              <TextField
                select
                size="small"
                label={t('guestAccounts.column.plan')}
                value={planId ?? ''}
                onChange={(event) =>
                  filtered(() => setPlanId(event.target.value === '' ? null : Number(event.target.value)))
                }
                sx={{ minWidth: 180 }}
              >
                <MenuItem value="">{t('guestAccounts.filter.allPlans')}</MenuItem>
                {plans.map((plan) => (
                  <MenuItem key={plan.id} value={plan.id}>
                    {plan.name}
                  </MenuItem>
                ))}
              </TextField>
              {cloudId !== null && (
                <Button href={accountsExportHref(cloudId, filters)} download startIcon={<DownloadIcon />}>
                  {t('guestAccounts.action.exportCsv')}
                </Button>
              )}
            </Box>
            <Box
              role="group"
              aria-label={t('guestAccounts.filter.state')}
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
            >
              <Chip
                label={t('guestAccounts.filter.allStates')}
                color={state === null ? 'primary' : 'default'}
                variant={state === null ? 'filled' : 'outlined'}
                aria-pressed={state === null}
                onClick={() => filtered(() => setState(null))}
              />
              {[...GUEST_ACCOUNT_STATES].reverse().map((choice) => (
                <Chip
                  key={choice}
                  label={t(STATE_KEYS[choice])}
                  color={state === choice ? 'primary' : 'default'}
                  variant={state === choice ? 'filled' : 'outlined'}
                  aria-pressed={state === choice}
                  onClick={() => filtered(() => setState(choice))}
                />
              ))}
              {batch && (
                <Chip
                  label={t('guestAccounts.filter.batch', { name: batch.name })}
                  onDelete={() => filtered(() => setBatch(null))}
                />
              )}
            </Box>
          </>
        )}
        <Paper variant="outlined" sx={{ minWidth: 0, p: 1, display: 'grid', gap: 0.5 }}>
          {tab === 'batches' ? (
            <ListResults
              result={{ ...batches, isPending: batches.isPending || cloudId === null }}
              offset={batchOffset}
              onOffset={setBatchOffset}
              emptyText={t('guestAccounts.page.emptyBatches')}
              columns={batchColumns}
              rowKey={(row) => row.id}
              labelledBy={TITLE_ID}
            />
          ) : (
            <ListResults
              result={{ ...accounts, isPending: accounts.isPending || cloudId === null }}
              offset={offset}
              onOffset={setOffset}
              emptyText={
                search === '' && state === null && planId === null && batch === null
                  ? t(
                      tab === 'voucher'
                        ? 'guestAccounts.page.emptyVouchers'
                        : 'guestAccounts.page.emptyAccounts',
                    )
                  : undefined
              }
              columns={accountColumns}
              rowKey={(account) => account.id}
              labelledBy={TITLE_ID}
            />
          )}
        </Paper>
      </Box>
      {dialog === 'account' && cloudId !== null && (
        <AccountDialog cloudId={cloudId} plans={plans} onClose={() => setDialog(null)} />
      )}
      {dialog === 'batch' && cloudId !== null && (
        <BatchDialog
          cloudId={cloudId}
          plans={plans}
          onClose={() => setDialog(null)}
          onCreated={(made) => {
            setDialog(null);
            setTab('batches');
            setBatchOffset(0);
            showMessage({
              content: t('guestAccounts.batchDialog.done', { name: made.name, count: made.count }),
            });
          }}
        />
      )}
      {extending && (
        <ExtendDialog
          account={extending}
          pending={change.isPending}
          onClose={() => setExtending(null)}
          onExtend={(body) =>
            change.mutate(
              { kind: 'extend', accountId: extending.id, body },
              {
                onSuccess: () => {
                  setExtending(null);
                  showMessage({
                    content: t('guestAccounts.extendDialog.done', { name: extending.username }),
                  });
                },
                onError: failed,
              },
            )
          }
        />
      )}
    </Box>
  );
}
