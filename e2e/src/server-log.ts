import { readFileSync, statSync } from 'node:fs';
import { inject } from 'vitest';

/** Where the server log ends now; a later read looks only at what was written after this point. */
export function logMark(): number {
  return statSync(inject('serverLog')).size;
}

/**
 * The password-reset code the server wrote to its log (pino JSON line with `passwordResetFor` and
 * `code`) after `mark`. Without SMTP_HOST this log line is how the code reaches the user.
 * Polls the file, bounded by `timeoutMs`, because the line is written just after the HTTP answer.
 */
export async function resetCodeFor(email: string, mark: number, timeoutMs = 10_000): Promise<string> {
  const file = inject('serverLog');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const written = readFileSync(file).subarray(mark).toString('utf8');
    let code: string | null = null;
    for (const line of written.split('\n')) {
      if (!line.includes('passwordResetFor')) continue;
      try {
        const entry = JSON.parse(line) as { passwordResetFor?: string; code?: string };
        if (entry.passwordResetFor?.toLowerCase() === email.toLowerCase() && entry.code) code = entry.code;
      } catch {
        // a line cut in the middle of being written: the next poll reads it whole
      }
    }
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no password-reset code for ${email} appeared in the server log`);
}
