import { z } from 'zod';

/**
 * Makes the contract checks run without generated code. Where it can, zod compiles object checks with
 * `new Function`, and it finds out whether it can by trying once; under a Content-Security-Policy without
 * 'unsafe-eval' (the portal's) that try is reported as a policy violation in the browser console, although zod
 * catches it. Browsers call this before their first check (the ui's API client does, REQ-perf); the server keeps
 * the compiled checks, which are faster.
 */
export function checkWithoutCodeGeneration(): void {
  z.config({ jitless: true });
}
