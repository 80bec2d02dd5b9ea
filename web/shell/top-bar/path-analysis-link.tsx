import RouteIcon from '@mui/icons-material/Route';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { matchRoute } from '../../../core/routes.ts';

/** docs/decisions.md: the theme's path-analysis link, a template with {cloudId}. */
export function pathAnalysisHref(template: string, cloudId: number): string {
  return template.replaceAll('{cloudId}', String(cloudId));
}

/**
 * The path-analysis tool: a console page through the router, another site in a new tab; nothing when a
 * console address names no page (docs/navigation.md).
 */
export function PathAnalysisLink({
  template,
  cloudId,
}: {
  readonly template: string;
  readonly cloudId: number;
}) {
  const { t } = useTranslation();
  const label = t('shell.topBar.pathAnalysis');
  const href = pathAnalysisHref(template, cloudId);
  const internal = href.startsWith('/') && !href.startsWith('//');
  if (internal && matchRoute(href) === null) return null;
  return (
    <Tooltip title={label}>
      {internal ? (
        <IconButton color="inherit" aria-label={label} component={RouterLink} to={href}>
          <RouteIcon />
        </IconButton>
      ) : (
        <IconButton
          color="inherit"
          aria-label={`${label} ${t('shell.userMenu.newTab')}`}
          component="a"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
        >
          <RouteIcon />
        </IconButton>
      )}
    </Tooltip>
  );
}
