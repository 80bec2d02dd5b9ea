import { lazy, Suspense, useEffect, useState } from 'react';
import { isDueAgain, seesPromotions, seesQuickStart } from '../../../core/plan-notices.ts';
import type { Access } from '../../../core/policy.ts';
import { useAdvertisement, useCloud } from '../../features/clouds/index.ts';
import { lastShownAt, rememberShown, type VideoDialogKind } from './video-dialog-memory.ts';

const QuickStartDialog = lazy(() =>
  import('./quick-start-dialog.tsx').then((m) => ({ default: m.QuickStartDialog })),
);
const PromotionDialog = lazy(() =>
  import('./promotion-dialog.tsx').then((m) => ({ default: m.PromotionDialog })),
);

interface VideoDialogsProps {
  readonly cloudId: number;
  readonly userId: number;
  readonly access: Access;
  /** The deployment theme's add-on flag (docs/decisions.md): promotions are about add-ons. */
  readonly addonsEnabled: boolean;
}

/**
 * docs/roles.md, docs/constants.md: the quick-start guide for the owner of a trial cloud, else the promotional videos; each
 * at most once every 24 h per user and cloud. Decided once per cloud visit.
 */
export function VideoDialogs({ cloudId, userId, access, addonsEnabled }: VideoDialogsProps) {
  const cloud = useCloud(cloudId).data;
  const promotions =
    cloud !== undefined && addonsEnabled && cloud.enable_advertisement && seesPromotions(access);
  const videos = useAdvertisement(cloudId, promotions).data?.videos;
  const [decided, setDecided] = useState<string | null>(null);
  const [open, setOpen] = useState<VideoDialogKind | null>(null);
  const visit = `${userId}:${cloudId}`;

  useEffect(() => {
    if (decided === visit || cloud === undefined) return;
    const due = (kind: VideoDialogKind) => isDueAgain(lastShownAt(kind, userId, cloudId), Date.now());
    const show = (kind: VideoDialogKind | null) => {
      setDecided(visit);
      setOpen(kind);
      if (kind) rememberShown(kind, userId, cloudId, Date.now());
    };
    if (seesQuickStart(access, cloud.plan_type)) return show(due('quickStart') ? 'quickStart' : null);
    if (!promotions) return show(null);
    if (videos === undefined) return;
    show(videos.length > 0 && due('promotion') ? 'promotion' : null);
  }, [decided, visit, cloud, access, promotions, videos, userId, cloudId]);

  const close = () => setOpen(null);
  if (decided !== visit || open === null) return null;
  return (
    <Suspense fallback={null}>
      {open === 'quickStart' && <QuickStartDialog cloudId={cloudId} onClose={close} />}
      {open === 'promotion' && videos && <PromotionDialog videos={videos} onClose={close} />}
    </Suspense>
  );
}
