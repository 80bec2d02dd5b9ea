import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error.ts';
import { buildErrorReport, reportLocation } from './error-report.ts';

const context = {
  version: '1.4.0',
  user: 'owner@demo.example',
  userAgent: 'Mozilla/5.0 Test',
  url: 'https://console.example/cloud/1/dashboard',
};

describe('error report payload (docs/entities.md)', () => {
  it('carries the service context, user, request and location, and the stack trace as the message', () => {
    const error = new TypeError("Cannot read properties of undefined (reading 'name')");
    error.stack = [
      "TypeError: Cannot read properties of undefined (reading 'name')",
      '    at DeviceRow (https://console.example/assets/devices-x1.js:12:345)',
      '    at renderWithHooks (https://console.example/assets/index-a2.js:1:999)',
    ].join('\n');
    expect(buildErrorReport(error, context)).toEqual({
      serviceContext: { service: 'console-web', version: '1.4.0' },
      context: {
        user: 'owner@demo.example',
        httpRequest: { userAgent: 'Mozilla/5.0 Test', url: 'https://console.example/cloud/1/dashboard' },
        reportLocation: {
          filePath: 'https://console.example/assets/devices-x1.js',
          lineNumber: 12,
          functionName: 'DeviceRow',
        },
      },
      message: error.stack,
    });
  });

  it('reads Firefox frames and anonymous frames', () => {
    expect(reportLocation('load@https://h/a.js:7:3\n')).toEqual({
      filePath: 'https://h/a.js',
      lineNumber: 7,
      functionName: 'load',
    });
    expect(reportLocation('Error: x\n    at https://h/b.js:9:1')).toEqual({
      filePath: 'https://h/b.js',
      lineNumber: 9,
      functionName: '<anonymous>',
    });
  });

  it('names the HTTP status of a failed call and survives values that are not errors', () => {
    const failed = new ApiError({ kind: 'http', status: 418, message: "I'm a teapot" });
    failed.stack = "ApiError: I'm a teapot\n    at send (https://h/index.js:3:4)";
    const report = buildErrorReport(failed, context);
    expect(report.message).toBe("ApiError: I'm a teapot (HTTP 418)\n    at send (https://h/index.js:3:4)");
    expect(buildErrorReport('plain text', context).message).toBe('Error: plain text');
    expect(buildErrorReport({ code: 7 }, context).context.reportLocation).toEqual({
      filePath: '',
      lineNumber: 0,
      functionName: '',
    });
  });

  it('cuts an overlong stack to the size the server accepts', () => {
    const error = new Error('deep');
    error.stack = `Error: deep\n${'    at f (https://h/a.js:1:1)\n'.repeat(2_000)}`;
    expect(buildErrorReport(error, context).message.length).toBe(20_000);
  });
});
