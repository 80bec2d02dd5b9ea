// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { alertPushMessage } from './alert-message.ts';

describe('alert push message', () => {
  it('titles and describes the notification as the alerts panel does, and names where and which cloud', () => {
    const message = alertPushMessage({
      id: 41,
      cloudId: 3,
      alertType: 'TIME_UNSYNCED',
      data: ['120', null, null],
      cloudName: 'Demo Networks',
      siteName: 'Lab & Staging',
      objectName: 'LAB Floor 2 AP 04',
    });
    expect(message).toEqual({
      title: 'Clock not synchronised',
      body: 'The clock is 2 minutes off.\nLAB Floor 2 AP 04 · Lab & Staging · Demo Networks',
      url: '/cloud/3/activity#alert',
      tag: 'alert-41',
    });
  });
});
