// A top bar button that opens a panel, with an optional count badge (docs/constants.md: at most 99, then '99+').
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { MouseEvent, ReactNode, Ref } from 'react';
import { BADGE_MAX } from '../../../core/constants.ts';

/** What the top bar hands every panel button. */
export interface PanelButtonState {
  /** The id of the panel the button opens. */
  readonly panelId: string;
  readonly open: boolean;
  readonly onOpen: (event: MouseEvent<HTMLElement>) => void;
  readonly ref?: Ref<HTMLButtonElement>;
}

interface PanelButtonProps extends PanelButtonState {
  /** The tooltip: what the button opens. */
  readonly title: string;
  /** The badge's count; no badge when zero. */
  readonly badge?: number;
  /** The accessible name while the badge shows a count, which it names; the title otherwise. */
  readonly countLabel?: string;
  readonly children: ReactNode;
}

export function PanelButton({
  panelId,
  open,
  onOpen,
  ref,
  title,
  badge = 0,
  countLabel = title,
  children,
}: PanelButtonProps) {
  return (
    <Tooltip title={title}>
      <IconButton
        ref={ref}
        color="inherit"
        aria-label={badge > 0 ? countLabel : title}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={onOpen}
      >
        {/* Without a count there is no badge at all: a hidden one would still hold its text. */}
        {badge > 0 ? (
          <Badge badgeContent={badge} max={BADGE_MAX} color="error">
            {children}
          </Badge>
        ) : (
          children
        )}
      </IconButton>
    </Tooltip>
  );
}
