// What the device and recorder dashboards show alike, in the dashboard frame: the object's actions, who it is
// and its state, the view of its family, and its open alerts and recent tasks.
import type { ReactNode } from 'react';
import type { DashboardScope } from '../api/get-open-alerts.ts';
import { ActivitySections } from './activity-sections.tsx';
import { DashboardFrame, type DashboardFrameProps } from './dashboard-frame.tsx';
import { type Identity, IdentitySection } from './identity-section.tsx';
import { type ActionSubject, ObjectActions } from './object-actions.tsx';
import { type ObjectState, StateSection } from './state-section.tsx';

/** What one page says about its object, from the object's detail. */
export type DashboardView = {
  readonly subject: ActionSubject;
  readonly identity: Identity;
  readonly state: ObjectState;
  /** The sections of the object's family, between its state and its activity. */
  readonly family: ReactNode;
  /** The object's Activity page at a tab; null where it has none. */
  readonly activityHref: ((tab: 'alert' | 'maintenance') => string) | null;
};

export function ObjectDashboard<T>({
  cloudId,
  scope,
  view,
  ...frame
}: DashboardFrameProps<T> & {
  /** The object's cloud, once the shell has read it. */
  readonly cloudId: number | null;
  readonly scope: DashboardScope;
  readonly view: (data: T, cloudId: number) => DashboardView;
}) {
  return (
    <DashboardFrame
      {...frame}
      actions={(data) =>
        cloudId !== null && <ObjectActions cloudId={cloudId} subject={view(data, cloudId).subject} />
      }
    >
      {(data) => {
        if (cloudId === null) return null;
        const { identity, state, family, activityHref } = view(data, cloudId);
        return (
          <>
            <IdentitySection identity={identity} />
            <StateSection cloudId={cloudId} scope={scope} state={state} />
            {family}
            <ActivitySections cloudId={cloudId} scope={scope} activityHref={activityHref} />
          </>
        );
      }}
    </DashboardFrame>
  );
}
