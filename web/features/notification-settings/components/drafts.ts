// The Notifications page's settings as the form edits them: each channel is everyone, nobody or chosen
// members, and on a site's page a type may follow the cloud.
import type { ChannelSetting } from '../../../../core/api/notification-settings.ts';
import type { AlertType } from '../../../../core/domain.ts';

export type Mode = 'everyone' | 'nobody' | 'members';
export type ChannelDraft = { readonly mode: Mode; readonly user_ids: readonly number[] };
export type Channel = 'push' | 'email';

export type RowDraft = {
  readonly alertType: AlertType;
  readonly push: ChannelDraft;
  readonly email: ChannelDraft;
  /** A site's page only: the type follows the cloud, whose setting is shown. */
  readonly followsCloud?: boolean;
  readonly cloud?: { readonly push: ChannelDraft; readonly email: ChannelDraft };
};

export function channelDraft(channel: ChannelSetting): ChannelDraft {
  if (channel.everyone) return { mode: 'everyone', user_ids: [] };
  return { mode: channel.user_ids.length === 0 ? 'nobody' : 'members', user_ids: channel.user_ids };
}

/** Chosen members with none chosen is nobody. */
export function channelSetting(draft: ChannelDraft): ChannelSetting {
  return {
    everyone: draft.mode === 'everyone',
    user_ids: draft.mode === 'members' ? [...draft.user_ids] : [],
  };
}
