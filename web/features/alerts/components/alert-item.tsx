// One alert of the panel: type title, what it means, health, time, unseen mark and links to what it concerns.

import type { SvgIconComponent } from '@mui/icons-material';
import CameraIcon from '@mui/icons-material/CameraOutdoor';
import MemoryIcon from '@mui/icons-material/Memory';
import PlaceIcon from '@mui/icons-material/Place';
import VideocamIcon from '@mui/icons-material/Videocam';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Alert } from '../../../../core/api/alerts.ts';
import { alertCameraName, CAMERA_ALERT_TYPES } from '../../../../core/api/cameras.ts';
import { routes } from '../../../../core/routes.ts';
import { cameraHref } from '../../cameras/index.ts';
import { alertDescription, alertTitle } from './alert-texts.ts';
import { AlertTime } from './alert-time.tsx';
import { HealthLabel } from './health-label.tsx';

interface ConcernLinkProps {
  readonly to: string;
  readonly name: string;
  /** What kind of object it is, read out before the name. */
  readonly kind: string;
  readonly icon: SvgIconComponent;
  readonly onNavigate: () => void;
}

function ConcernLink({ to, name, kind, icon: Icon, onNavigate }: ConcernLinkProps) {
  return (
    <Link
      component={RouterLink}
      to={to}
      onClick={onNavigate}
      variant="body2"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}
    >
      <Icon titleAccess={kind} sx={{ fontSize: 16 }} />
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {name}
      </Box>
    </Link>
  );
}

const isCameraAlert = (type: string) => (CAMERA_ALERT_TYPES as readonly string[]).includes(type);

interface AlertItemProps {
  readonly alert: Alert;
  /** The caller sees one site only, so naming it adds nothing. */
  readonly hideSite: boolean;
  /** Following a link closes the panel. */
  readonly onNavigate: () => void;
}

export function AlertItem({ alert, hideSite, onNavigate }: AlertItemProps) {
  const { t } = useTranslation();
  const { attrs } = alert;
  const unseen = !alert.is_viewed;
  const description = alertDescription(t, alert);
  return (
    <ListItem divider sx={{ display: 'block', py: 1, bgcolor: unseen ? 'action.hover' : undefined }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography component="h3" variant="body2" sx={{ fontWeight: unseen ? 700 : 500, flexGrow: 1 }}>
          {alertTitle(t, alert)}
        </Typography>
        {unseen && <Chip size="small" color="primary" label={t('alerts.panel.notViewed')} />}
      </Box>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {description}
        </Typography>
      )}
      <Typography
        component="div"
        variant="body2"
        color="text.secondary"
        sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 0.5 }}
      >
        <HealthLabel health={alert.health_id} />
        <AlertTime iso={alert.problem_at} />
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 0.5 }}>
        {attrs.device_id !== null && attrs.device_name !== null && (
          <ConcernLink
            to={routes.device.href({ deviceId: attrs.device_id })}
            name={attrs.device_name}
            kind={t('alerts.panel.device')}
            icon={MemoryIcon}
            onNavigate={onNavigate}
          />
        )}
        {!hideSite && alert.site_id !== null && alert.site_name !== null && (
          <ConcernLink
            to={routes.siteDashboard.href({ siteId: alert.site_id }, { hash: 'default' })}
            name={alert.site_name}
            kind={t('alerts.panel.site')}
            icon={PlaceIcon}
            onNavigate={onNavigate}
          />
        )}
        {attrs.snvr_device_id !== null && attrs.snvr_device_name !== null && (
          <ConcernLink
            to={routes.smartnvr.href({ smartNvrId: attrs.snvr_device_id })}
            name={attrs.snvr_device_name}
            kind={t('alerts.panel.smartNvr')}
            icon={VideocamIcon}
            onNavigate={onNavigate}
          />
        )}
        {attrs.snvr_device_id !== null && isCameraAlert(alert.alert_type) && (
          <ConcernLink
            to={cameraHref(attrs.cloud_id, attrs.snvr_device_id, attrs.camera_id)}
            name={attrs.camera_id ? alertCameraName(alert, attrs.camera_id) : t('nav.smartnvr.ipCameras')}
            kind={t('alerts.panel.camera')}
            icon={CameraIcon}
            onNavigate={onNavigate}
          />
        )}
      </Box>
    </ListItem>
  );
}
