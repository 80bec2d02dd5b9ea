// A document's General and locale part, folded away: every kind's document starts with it, so unfolded it
// would push each kind's own settings far down the page. It opens on a click, when the page's address names
// it, and whenever a problem is found inside it; folded, its summary still counts the problems it holds.
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function GeneralDisclosure({
  id,
  open: opened = false,
  problems,
  children,
}: {
  /** The page's anchor on it (the first kind's document on the site page). */
  readonly id?: string;
  /** Opened by the page: its address names the anchor, or a device overrides something inside. */
  readonly open?: boolean;
  /** How many problems the fields inside it have. */
  readonly problems: number;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation();
  const summaryId = useId();
  const [expanded, setExpanded] = useState(opened || problems > 0);
  // What the page asks for once drawn (the address's anchor followed), and each new problem, opens it.
  useEffect(() => {
    if (opened) setExpanded(true);
  }, [opened]);
  useEffect(() => {
    if (problems > 0) setExpanded(true);
  }, [problems]);
  return (
    <Accordion
      id={id}
      expanded={expanded}
      onChange={(_, next) => setExpanded(next)}
      variant="outlined"
      disableGutters
      // Folded, its fields are not drawn: the page stays light, and nothing is kept but the document.
      slotProps={{ transition: { unmountOnExit: true } }}
      sx={{ scrollMarginTop: 80, '&::before': { display: 'none' } }}
    >
      <AccordionSummary id={summaryId} expandIcon={<ExpandMoreIcon />}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, alignItems: 'baseline' }}>
          <Typography component="span" variant="h3">
            {t('config.field.generalLocale')}
          </Typography>
          {problems > 0 && (
            <Typography component="span" variant="body2" color="error">
              {t('config.editor.sectionProblems', { count: problems })}
            </Typography>
          )}
        </Box>
      </AccordionSummary>
      <AccordionDetails>{children}</AccordionDetails>
    </Accordion>
  );
}
