// "Review and apply" (docs/configuration.md): the drafts' changes, a dry run that says which devices take
// them in which batch and which are skipped, then the apply and the tasks it made.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplyResult } from '../../../../core/api/config.ts';
import type { ConfigType } from '../../../../core/config/document.ts';
import { CONFIG_RULES, type ConfigRule } from '../../../../core/config/rules.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { useApplySiteConfig } from '../api/apply-site-config.ts';
import { useSiteConfigDiff } from '../api/get-site-config-diff.ts';
import { ApplyResultView } from './apply-result.tsx';
import { ChangesTable, usePathLabel } from './changes-table.tsx';
import { RULE_KEYS } from './labels.ts';
import { TYPE_TITLE_KEYS } from './type-labels.ts';

export function ApplyDialog({
  cloudId,
  siteId,
  types,
  onClose,
}: {
  readonly cloudId: number;
  readonly siteId: number;
  /** The kinds with a draft. */
  readonly types: readonly ConfigType[];
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const diff = useSiteConfigDiff(cloudId, siteId);
  const apply = useApplySiteConfig(cloudId, siteId);
  const [preview, setPreview] = useState<ApplyResult | null>(null);
  const [done, setDone] = useState<ApplyResult | null>(null);
  const body = { types: [...types] };
  const [refused, setRefused] = useState<unknown>(null);
  const run = async (dryRun: boolean) => {
    setRefused(null);
    try {
      const result = await apply.mutateAsync(dryRun ? { ...body, dryRun: true } : body);
      if (dryRun) setPreview(result);
      else setDone(result);
    } catch (error) {
      // A 400 is listed here; the app's error policy reports any other failure.
      setRefused(error);
    }
  };
  const shown = diff.data?.types.filter((one) => types.includes(one.config_type)) ?? [];
  return (
    <ModalShell
      open
      maxWidth="md"
      title={t('config.apply.title')}
      onClose={onClose}
      actions={
        done ? (
          <Button onClick={onClose}>{t('platform.dialogs.ok')}</Button>
        ) : (
          <>
            <Button onClick={onClose}>{t('platform.dialogs.cancel')}</Button>
            {preview === null ? (
              <Button
                variant="contained"
                disabled={!diff.data || apply.isPending}
                onClick={() => void run(true)}
              >
                {t('config.apply.preview')}
              </Button>
            ) : (
              <Button variant="contained" disabled={apply.isPending} onClick={() => void run(false)}>
                {t('config.apply.apply')}
              </Button>
            )}
          </>
        )
      }
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        {done ? (
          <>
            <Typography role="status">{t('config.apply.started')}</Typography>
            <ApplyResultView cloudId={cloudId} result={done} />
          </>
        ) : diff.isError ? (
          <LoadFailed message={t('config.apply.loadFailed')} onRetry={() => diff.refetch()} />
        ) : !diff.data ? (
          <CircularProgress size={24} aria-label={t('config.apply.loading')} />
        ) : (
          <>
            {shown.map((one) => {
              const title = t(TYPE_TITLE_KEYS[one.config_type]);
              return (
                <Box key={one.config_type} component="section" aria-label={title} sx={{ overflowX: 'auto' }}>
                  <Typography variant="subtitle1" component="h3">
                    {title}
                  </Typography>
                  <ChangesTable changes={one.changes} label={title} />
                </Box>
              );
            })}
            {preview && <ApplyResultView cloudId={cloudId} result={preview} />}
            <RefusedApply error={refused} />
          </>
        )}
      </Box>
    </ModalShell>
  );
}

const isRule = (code: string): code is ConfigRule => (CONFIG_RULES as readonly string[]).includes(code);
// An issue's path: /documents/<type>/<leaf path> or /devices/<id>/<leaf path>.
const ISSUE_PATH = /^\/(?:documents|devices)\/[^/]+\/(.*)$/;

/** The problems that stopped an apply, each with the setting it concerns. */
function RefusedApply({ error }: { readonly error: unknown }) {
  const { t } = useTranslation();
  const pathLabel = usePathLabel();
  if (!isApiError(error) || error.kind !== 'validation') return null;
  return (
    <Alert severity="error">
      {t('config.apply.refused')}
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {error.errors.map((issue) => {
          const leaf = ISSUE_PATH.exec(issue.path)?.[1];
          const text = isRule(issue.errorCode) ? t(RULE_KEYS[issue.errorCode]) : issue.message;
          return (
            <li key={`${issue.path} ${issue.errorCode}`}>{leaf ? `${pathLabel(leaf)}: ${text}` : text}</li>
          );
        })}
      </Box>
    </Alert>
  );
}
