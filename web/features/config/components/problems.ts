// The problems of a document, found here (core/config/rules.ts) or refused by the server (a 400 whose issues
// name /documents/<type>/<leaf path> and the rule), as texts by leaf path for the fields that show them.
import type { TFunction } from 'i18next';
import type { ConfigType } from '../../../../core/config/document.ts';
import { CONFIG_RULES, type ConfigProblem, type ConfigRule } from '../../../../core/config/rules.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { RULE_KEYS } from './labels.ts';

export type ProblemTexts = ReadonlyMap<string, readonly string[]>;

const isRule = (code: string): code is ConfigRule => (CONFIG_RULES as readonly string[]).includes(code);

/** The issues of a refused save that concern one document, by leaf path, as texts. */
function refusedTexts(t: TFunction, error: unknown, prefix: string): [string, string][] {
  if (!isApiError(error) || error.kind !== 'validation') return [];
  return error.errors.flatMap((issue) => {
    if (!issue.path.startsWith(prefix)) return [];
    const text = isRule(issue.errorCode) ? t(RULE_KEYS[issue.errorCode]) : issue.message;
    return [[issue.path.slice(prefix.length), text]];
  });
}

/**
 * Every problem's text by its path: the document's own (checked as it is edited), then what the server
 * refused at a path the check here found nothing wrong with.
 */
export function problemTexts(
  t: TFunction,
  problems: readonly ConfigProblem[],
  refused: unknown,
  prefix: string,
): ProblemTexts {
  const texts = new Map<string, string[]>();
  const add = (path: string, text: string) => {
    const list = texts.get(path) ?? [];
    if (!list.includes(text)) texts.set(path, [...list, text]);
  };
  for (const problem of problems) add(problem.path, t(RULE_KEYS[problem.rule], problem.params ?? {}));
  const checked = new Set(texts.keys());
  for (const [path, text] of refusedTexts(t, refused, prefix)) if (!checked.has(path)) add(path, text);
  return texts;
}

/**
 * The problems of the document being edited: the check here, and while it is still the one the server
 * gave, the server's own (which knows the devices' firmware).
 */
export function documentProblems(
  checked: readonly ConfigProblem[],
  fromServer: readonly ConfigProblem[],
  pristine: boolean,
): ConfigProblem[] {
  if (!pristine) return [...checked];
  const seen = new Set(checked.map((problem) => `${problem.path} ${problem.rule}`));
  return [...checked, ...fromServer.filter((problem) => !seen.has(`${problem.path} ${problem.rule}`))];
}

/** The prefix of a site document's issues in a refused save. */
export const siteIssuePrefix = (type: ConfigType) => `/documents/${type}/`;
/** The prefix of a device document's issues in a refused save. */
export const DEVICE_ISSUE_PREFIX = '/document/';
