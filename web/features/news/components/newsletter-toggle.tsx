// The newsletter subscription switch at the foot of the Latest News panel (docs/entities.md User, docs/states.md Newsletter).
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { useCachedMe } from '../../auth/index.ts';
import { useSetNewsletter } from '../api/set-newsletter.ts';

export function NewsletterToggle() {
  const { t } = useTranslation();
  const me = useCachedMe();
  const newsletter = useSetNewsletter();
  if (!me) return null;
  // While the call runs the switch already shows the state asked for.
  const checked = newsletter.isPending ? newsletter.variables : me.user.subscribe_newsletter;
  return (
    <FormControlLabel
      control={<Switch checked={checked} onChange={(_event, subscribe) => newsletter.mutate(subscribe)} />}
      label={t('news.panel.newsletter')}
      slotProps={{ typography: { variant: 'body2' } }}
    />
  );
}
