// What makes a password acceptable, checked by the server and shown by the form while typing.

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 1024;

export type PasswordProblem = 'short' | 'long' | 'guessable' | 'personal';

// Passwords that lead every leaked-password list; any of them, in any case, is refused.
const COMMON = new Set([
  'password',
  'password1',
  'password123',
  'passw0rd',
  'qwerty',
  'qwertyuiop',
  'letmein',
  'welcome',
  'iloveyou',
  'admin',
  'administrator',
  'changeme',
  'trustno1',
  'football',
  'baseball',
  'sunshine',
  'monkey',
  'dragon',
  'master',
]);

/**
 * The first thing wrong with a password, or null. Guessable: mostly one character, a run of the
 * keyboard or the alphabet, or a common password with digits around it.
 */
export function passwordProblem(
  password: string,
  personal: { email?: string; names?: readonly string[] } = {},
): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'long';
  const lower = password.toLowerCase();
  if (new Set(lower).size < 4) return 'guessable';
  const core = lower.replace(/^[\d\W_]+|[\d\W_]+$/g, '');
  if (COMMON.has(core) || isRun(lower)) return 'guessable';
  const parts = [personal.email?.split('@')[0], ...(personal.names ?? [])]
    .map((part) => part?.trim().toLowerCase() ?? '')
    .filter((part) => part.length >= 3);
  if (parts.some((part) => lower.includes(part))) return 'personal';
  return null;
}

const RUNS = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiopasdfghjklzxcvbnm'];

// Characters that each follow the previous one in a known run, forwards or backwards.
function isRun(text: string): boolean {
  return RUNS.some((run) => {
    const reversed = [...run].reverse().join('');
    return [run, reversed].some((order) => {
      for (let i = 1; i < text.length; i++) {
        const at = order.indexOf(text[i - 1] ?? '');
        if (at < 0 || order[(at + 1) % order.length] !== text[i]) return false;
      }
      return true;
    });
  });
}
