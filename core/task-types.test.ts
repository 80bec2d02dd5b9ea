import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPES, TASK_TYPES } from './domain.ts';
import type { Access } from './policy.ts';
import { allowedTasks, mayChangeTask, mayDownloadTaskFile } from './task-types.ts';

const guest: Access = { roleId: 'ROLE_GUEST', permissions: 0 };
const siteUser = (permissions: string[]): Access => ({
  roleId: 'ROLE_USER',
  permissions: 0,
  sites: [{ siteId: 1, permissions }],
});

describe('task permissions', () => {
  it('lets a Guest start, stop or download nothing', () => {
    for (const family of PRODUCT_TYPES) expect(allowedTasks(guest, 1, family), family).toEqual([]);
    for (const type of TASK_TYPES) {
      expect(mayChangeTask(guest, type, [{ siteId: 1, smartNvr: false }]), type).toBe(false);
      expect(mayChangeTask(guest, type, [{ siteId: null, smartNvr: true }]), type).toBe(false);
      expect(mayDownloadTaskFile(guest, type, { siteId: 1, smartNvr: false }), type).toBe(false);
    }
  });

  it('stops a task only with its permission on every target', () => {
    const operator = siteUser(['change_device_state']);
    const here = { siteId: 1, smartNvr: false };
    expect(mayChangeTask(operator, 'TASK_REBOOT', [here])).toBe(true);
    expect(mayChangeTask(operator, 'TASK_REBOOT', [here, { siteId: 2, smartNvr: false }])).toBe(false);
    expect(mayChangeTask(operator, 'TASK_REBOOT', [here, { siteId: null, smartNvr: true }])).toBe(false);
    expect(mayChangeTask(operator, 'TASK_FW_UPDATE', [here])).toBe(false);
    // A task whose devices were all deleted is the administrators' to clear up.
    expect(mayChangeTask(operator, 'TASK_REBOOT', [])).toBe(false);
    expect(mayChangeTask({ roleId: 'ROLE_ADMIN', permissions: 0 }, 'TASK_REBOOT', [])).toBe(true);
  });
});
