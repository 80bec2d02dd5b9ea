import { describe, expect, it } from 'vitest';
import {
  type AlertMember,
  DEFAULT_NOTIFICATION_SETTING,
  EVERYONE,
  maySeeSiteAlerts,
  NOBODY,
  type NotificationSettingRow,
  normaliseChannel,
  notificationRecipients,
  resolveSetting,
  sameSetting,
} from './notification-settings.ts';

const row = (
  siteId: number | null,
  alertType: NotificationSettingRow['alertType'],
  push: NotificationSettingRow['push'],
  email: NotificationSettingRow['email'],
): NotificationSettingRow => ({ siteId, alertType, push, email });

describe('resolveSetting', () => {
  const rows = [
    row(null, 'DEV_UNREACHABLE', NOBODY, { everyone: false, user_ids: [4] }),
    row(7, 'DEV_UNREACHABLE', EVERYONE, EVERYONE),
    row(7, 'DEV_REBOOT', NOBODY, NOBODY),
  ];

  it('pushes to everyone and mails nobody when the cloud has no row for the type', () => {
    expect(resolveSetting([], 'DEV_REBOOT', 7)).toEqual({
      setting: DEFAULT_NOTIFICATION_SETTING,
      source: 'default',
    });
    expect(DEFAULT_NOTIFICATION_SETTING).toEqual({ push: EVERYONE, email: NOBODY });
    expect(resolveSetting(rows, 'DEV_REBOOT', 8).source).toBe('default');
  });

  it("lets a site without its own row follow the cloud's row", () => {
    const { setting, source } = resolveSetting(rows, 'DEV_UNREACHABLE', 8);
    expect(source).toBe('cloud');
    expect(setting.email).toEqual({ everyone: false, user_ids: [4] });
  });

  it("lets a site's own row override the cloud for alerts of that site only", () => {
    expect(resolveSetting(rows, 'DEV_UNREACHABLE', 7)).toMatchObject({ source: 'site', setting: rows[1] });
    // A site row of another type changes nothing for this one.
    expect(resolveSetting(rows, 'DEV_REBOOT', 7)).toMatchObject({ source: 'site', setting: rows[2] });
  });

  it("gives an alert outside any site the cloud's setting", () => {
    expect(resolveSetting(rows, 'DEV_UNREACHABLE', null).source).toBe('cloud');
  });
});

describe('notificationRecipients', () => {
  const member = (userId: number, fields: Partial<AlertMember> = {}): AlertMember => ({
    userId,
    roleId: 'ROLE_ADMIN',
    permissions: 0,
    pushAlerts: true,
    hiddenTypes: [],
    ...fields,
  });
  const members = [
    member(1, { roleId: 'ROLE_OWNER' }),
    member(2, { pushAlerts: false }),
    member(3, { hiddenTypes: ['DEV_UNREACHABLE'] }),
    member(4, { roleId: 'ROLE_USER', sites: [{ siteId: 7, permissions: ['read_site'] }] }),
    member(5, { roleId: 'ROLE_USER', sites: [{ siteId: 8, permissions: ['read_site'] }] }),
    member(6, { roleId: 'ROLE_GUEST' }),
  ];
  const atSite7 = { alertType: 'DEV_UNREACHABLE' as const, siteId: 7 };

  it('pushes by default to members with push on who may see the alert and did not hide its type', () => {
    expect(notificationRecipients(DEFAULT_NOTIFICATION_SETTING, members, atSite7)).toEqual({
      push: [1, 4, 6],
      email: [],
    });
  });

  it('mails everyone who may see the alert and did not hide its type, push toggle or not', () => {
    const setting = { push: NOBODY, email: EVERYONE };
    expect(notificationRecipients(setting, members, atSite7)).toEqual({ push: [], email: [1, 2, 4, 6] });
  });

  it('reaches only the chosen members, and never one who may not see the alert', () => {
    const setting = {
      push: { everyone: false, user_ids: [2, 4, 5] },
      email: { everyone: false, user_ids: [3, 5, 6] },
    };
    // 2 has push off, 3 hid the type, 5 is a Site User of another site.
    expect(notificationRecipients(setting, members, atSite7)).toEqual({ push: [4], email: [6] });
  });

  it('leaves Site Users out of alerts outside any site', () => {
    const setting = { push: EVERYONE, email: EVERYONE };
    const recipients = notificationRecipients(setting, members, { alertType: 'DEV_REBOOT', siteId: null });
    expect(recipients.email).toEqual([1, 2, 3, 6]);
  });
});

describe('maySeeSiteAlerts', () => {
  it('offers a site only the members who see it, and the cloud every member', () => {
    const siteUser = {
      roleId: 'ROLE_USER' as const,
      permissions: 0,
      sites: [{ siteId: 7, permissions: [] }],
    };
    expect(maySeeSiteAlerts(siteUser, 7)).toBe(true);
    expect(maySeeSiteAlerts(siteUser, 8)).toBe(false);
    expect(maySeeSiteAlerts(siteUser, null)).toBe(true);
    expect(maySeeSiteAlerts({ roleId: 'ROLE_GUEST', permissions: 0 }, 8)).toBe(true);
  });
});

describe('comparing settings', () => {
  it('reads the same members in any order, and everyone whatever is listed', () => {
    expect(normaliseChannel({ everyone: false, user_ids: [9, 3, 9] })).toEqual({
      everyone: false,
      user_ids: [3, 9],
    });
    expect(normaliseChannel({ everyone: true, user_ids: [3] })).toEqual(EVERYONE);
    expect(
      sameSetting(
        { push: { everyone: false, user_ids: [2, 1] }, email: NOBODY },
        { push: { everyone: false, user_ids: [1, 2] }, email: { everyone: false, user_ids: [] } },
      ),
    ).toBe(true);
    expect(sameSetting(DEFAULT_NOTIFICATION_SETTING, { push: NOBODY, email: NOBODY })).toBe(false);
  });
});
