// docs/guest-access.md#certificate-and-nas: each site's RADIUS shared secret, which all its NAS use: masked,
// shown on asking, typed in or generated at random.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SITE_SECRET_MAX,
  SITE_SECRET_MIN,
  type SiteSecretItem,
} from '../../../../core/api/guest-certificate.ts';
import { promptDialog } from '../../../platform/dialogs/dialog-store.ts';
import { ListPager } from '../../../platform/list-page/list-pager.tsx';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { PageLoader } from '../../../platform/page-loader.tsx';
import { visuallyHidden } from '../../../platform/visually-hidden.ts';
import { revealSiteSecret, useChangeSiteSecret, useSiteSecrets } from '../api/site-secrets.ts';

const HEADING_ID = 'site-secrets-heading';
const MASK = '••••••••••••';

export function SiteSecrets({ cloudId }: { readonly cloudId: number }) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const result = useSiteSecrets(cloudId, offset);
  const change = useChangeSiteSecret(cloudId);
  const [shown, setShown] = useState<Readonly<Record<number, string>>>({});

  const show = (item: SiteSecretItem) => {
    if (shown[item.site.id] !== undefined) {
      const { [item.site.id]: _hidden, ...rest } = shown;
      setShown(rest);
      return;
    }
    void revealSiteSecret(cloudId, item.site.id).then((answer) =>
      setShown((current) => ({ ...current, [item.site.id]: answer.secret })),
    );
  };
  const saved = (siteId: number, secret: string) => {
    setShown((current) => ({ ...current, [siteId]: secret }));
    showMessage({ content: t('guestCertificate.secret.saved'), variant: 'success' });
  };
  const set = async (item: SiteSecretItem) => {
    const secret = await promptDialog({
      title: t('guestCertificate.secret.setTitle', { site: item.site.name }),
      label: t('guestCertificate.secret.label'),
      content: t('guestCertificate.secret.setText'),
      validate: (value) =>
        value.length >= SITE_SECRET_MIN && value.length <= SITE_SECRET_MAX && /^[\x21-\x7e]+$/.test(value)
          ? true
          : t('guestCertificate.secret.invalid', { min: SITE_SECRET_MIN, max: SITE_SECRET_MAX }),
    });
    if (secret === null) return;
    change.mutate(
      { siteId: item.site.id, secret },
      { onSuccess: (answer) => saved(item.site.id, answer.secret) },
    );
  };
  const generate = (item: SiteSecretItem) =>
    change.mutate(
      { siteId: item.site.id, secret: null },
      { onSuccess: (answer) => saved(item.site.id, answer.secret) },
    );

  let content: React.ReactNode;
  if (result.isError) {
    content = (
      <LoadFailed message={t('guestCertificate.secret.loadFailed')} onRetry={() => void result.refetch()} />
    );
  } else if (!result.data) {
    content = <PageLoader />;
  } else if (result.data.items.length === 0) {
    content = <Typography color="text.secondary">{t('guestCertificate.secret.empty')}</Typography>;
  } else {
    const { items, total, total_capped: totalCapped } = result.data;
    content = (
      <>
        <Box
          role="group"
          aria-labelledby={HEADING_ID}
          tabIndex={0}
          sx={{ overflowX: 'auto', minWidth: 0, position: 'relative' }}
        >
          <Table size="small" aria-labelledby={HEADING_ID} sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('guestCertificate.secret.site')}</TableCell>
                <TableCell>{t('guestCertificate.secret.label')}</TableCell>
                <TableCell align="right">{t('guestCertificate.secret.nasCount')}</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {t('guestCertificate.nas.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.site.id}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                    {item.site.name}
                  </TableCell>
                  <TableCell sx={{ fontFamily: item.configured ? 'monospace' : undefined }}>
                    {!item.configured ? (
                      <Typography component="span" variant="body2" color="text.secondary">
                        {t('guestCertificate.secret.notSet')}
                      </Typography>
                    ) : (
                      (shown[item.site.id] ?? (
                        <>
                          <span aria-hidden="true">{MASK}</span>
                          <Box component="span" sx={visuallyHidden}>
                            {t('guestCertificate.secret.hidden')}
                          </Box>
                        </>
                      ))
                    )}
                  </TableCell>
                  <TableCell align="right">{item.nas_count}</TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', gap: 1 }}>
                      {item.configured && (
                        <Button
                          size="small"
                          aria-label={t(
                            shown[item.site.id] === undefined
                              ? 'guestCertificate.secret.showNamed'
                              : 'guestCertificate.secret.hideNamed',
                            { site: item.site.name },
                          )}
                          onClick={() => show(item)}
                        >
                          {t(
                            shown[item.site.id] === undefined
                              ? 'guestCertificate.secret.show'
                              : 'guestCertificate.secret.hide',
                          )}
                        </Button>
                      )}
                      <Button
                        size="small"
                        aria-label={t('guestCertificate.secret.setNamed', { site: item.site.name })}
                        disabled={change.isPending}
                        onClick={() => void set(item)}
                      >
                        {t('guestCertificate.secret.set')}
                      </Button>
                      <Button
                        size="small"
                        aria-label={t('guestCertificate.secret.generateNamed', { site: item.site.name })}
                        disabled={change.isPending}
                        onClick={() => generate(item)}
                      >
                        {t('guestCertificate.secret.generate')}
                      </Button>
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <ListPager
          offset={offset}
          count={items.length}
          total={total}
          totalCapped={totalCapped}
          onOffset={setOffset}
        />
      </>
    );
  }

  return (
    <Paper
      component="section"
      aria-labelledby={HEADING_ID}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}
    >
      <Typography id={HEADING_ID} variant="h2">
        {t('guestCertificate.secret.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('guestCertificate.secret.intro')}
      </Typography>
      {content}
    </Paper>
  );
}
