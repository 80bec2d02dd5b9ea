// Builds the docs/entities.md error report payload shown in, and sent by, the 'Page Script Error' dialog.
import {
  ERROR_REPORT_MESSAGE_MAX,
  ERROR_REPORT_TEXT_MAX,
  ERROR_REPORT_URL_MAX,
  type ErrorReport,
} from '../../../core/api/error-reports.ts';
import { isApiError } from '../api-error.ts';

/** The service name the reports carry. */
export const ERROR_REPORT_SERVICE = 'console-web';

export interface ReportContext {
  readonly version: string;
  readonly user: string;
  readonly userAgent: string;
  readonly url: string;
}

type Location = ErrorReport['context']['reportLocation'];

// "    at render (https://host/assets/index.js:12:34)", "    at https://host/a.js:1:2" or "render@https://host/a.js:1:2".
const V8_FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):\d+\)?$/;
const GECKO_FRAME = /^(.*?)@(.+?):(\d+):\d+$/;

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** Where the error was raised: the first stack frame that names a file. */
export function reportLocation(stack: string): Location {
  for (const line of stack.split('\n')) {
    const match = V8_FRAME.exec(line) ?? GECKO_FRAME.exec(line);
    if (match?.[2] && match[3]) {
      return {
        filePath: cut(match[2], ERROR_REPORT_URL_MAX),
        lineNumber: Number(match[3]),
        functionName: cut(match[1]?.trim() || '<anonymous>', ERROR_REPORT_TEXT_MAX),
      };
    }
  }
  return { filePath: '', lineNumber: 0, functionName: '' };
}

function describe(error: unknown): { headline: string; stack: string } {
  if (error instanceof Error) {
    const status = isApiError(error) && error.status !== null ? ` (HTTP ${error.status})` : '';
    const headline = `${error.name}: ${error.message}${status}`;
    const stack = error.stack ?? '';
    // V8 stacks start with the headline already; others hold frames only.
    const frames = stack.startsWith(`${error.name}: `) ? stack.split('\n').slice(1).join('\n') : stack;
    return { headline, stack: frames };
  }
  return {
    headline: `Error: ${typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error))}`,
    stack: '',
  };
}

/** docs/entities.md: serviceContext, context (user, httpRequest, reportLocation) and the message with the stack trace. */
export function buildErrorReport(error: unknown, context: ReportContext): ErrorReport {
  const { headline, stack } = describe(error);
  return {
    serviceContext: { service: ERROR_REPORT_SERVICE, version: cut(context.version, 100) },
    context: {
      user: cut(context.user, ERROR_REPORT_TEXT_MAX),
      httpRequest: { userAgent: cut(context.userAgent, 1_000), url: cut(context.url, ERROR_REPORT_URL_MAX) },
      reportLocation: reportLocation(stack),
    },
    message: cut(stack ? `${headline}\n${stack}` : headline, ERROR_REPORT_MESSAGE_MAX),
  };
}
