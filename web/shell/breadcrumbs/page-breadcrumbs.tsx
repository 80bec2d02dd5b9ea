// docs/navigation.md#navigation-drawer breadcrumbs above the page content, from the navigation model (core/navigation/breadcrumbs.ts).
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type BreadcrumbInput, breadcrumbs } from '../../../core/navigation/breadcrumbs.ts';

export function PageBreadcrumbs({ input }: { readonly input: BreadcrumbInput }) {
  const { t } = useTranslation();
  const crumbs = breadcrumbs(input);
  return (
    <Breadcrumbs aria-label={t('shell.breadcrumbs.label')} sx={{ px: { xs: 2, md: 3 }, pt: 1.5 }}>
      {crumbs.map((crumb) => {
        const text = 'text' in crumb ? crumb.text : t(crumb.labelKey);
        return crumb.href === null ? (
          <Typography key={crumb.key} color="text.primary" aria-current="page">
            {text}
          </Typography>
        ) : (
          <Link key={crumb.key} component={RouterLink} to={crumb.href} underline="hover" color="inherit">
            {text}
          </Link>
        );
      })}
    </Breadcrumbs>
  );
}
