import type { ErrorReport } from '../../../core/api/error-reports.ts';

/** A report as the web app's report dialog builds it. */
export function sampleReport(
  message = 'TypeError: x is undefined\n    at render (https://console.example/assets/index.js:1:200)',
): ErrorReport {
  return {
    serviceContext: { service: 'Network Console', version: '1.0.0' },
    context: {
      user: 'owner@demo.example',
      httpRequest: {
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
        url: 'https://console.example/cloud/1/dashboard',
      },
      reportLocation: {
        filePath: 'https://console.example/assets/index.js',
        lineNumber: 1,
        functionName: 'render',
      },
    },
    message,
  };
}
