// The path profile (docs/linqpath.md#path-profile): the chart, loaded after the figures, with what it stands
// on said in words: the user's terrain or flat earth, and whether 60 % of the first Fresnel zone is clear.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PathProfile } from '../../../../core/linqpath/profile.ts';

const ProfilePlot = lazy(() => import('./profile-plot.tsx').then((m) => ({ default: m.ProfilePlot })));

const HEIGHT = 280;

export function ProfileChart({ profile }: { readonly profile: PathProfile }) {
  const { t, i18n } = useTranslation();
  const descriptionId = useId();
  const metres = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const km = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const formatMetres = (value: number) => t('linqpath.unit.metres', { value: metres.format(value) });
  const formatKm = (value: number) => t('linqpath.unit.km', { value: km.format(value) });
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography variant="h3" component="h3">
        {t('linqpath.profile.title')}
      </Typography>
      {profile.flatEarth && (
        <Typography variant="body2" color="text.secondary">
          {t('linqpath.profile.flatEarth')}
        </Typography>
      )}
      <Box component="figure" aria-describedby={descriptionId} sx={{ m: 0, minWidth: 0 }}>
        <Suspense fallback={<Skeleton variant="rounded" height={HEIGHT} aria-hidden="true" />}>
          <ProfilePlot
            profile={profile}
            height={HEIGHT}
            formatMetres={formatMetres}
            formatKm={formatKm}
            labels={{
              distance: t('linqpath.profile.distance'),
              height: t('linqpath.profile.height'),
              terrain: t('linqpath.profile.terrain'),
              ground: t('linqpath.profile.ground'),
              lineOfSight: t('linqpath.profile.lineOfSight'),
              fresnel: t('linqpath.profile.fresnel'),
              clearance: t('linqpath.profile.clearance'),
            }}
          />
        </Suspense>
      </Box>
      <Alert id={descriptionId} severity={profile.clear ? 'success' : 'warning'}>
        {t(profile.clear ? 'linqpath.profile.clear' : 'linqpath.profile.blocked', {
          gap: formatMetres(profile.worstGapM),
          share: percent.format(Math.max(profile.worstClearance, -9.99)),
          at: formatKm(profile.worstAtM / 1000),
        })}
      </Alert>
    </Box>
  );
}
