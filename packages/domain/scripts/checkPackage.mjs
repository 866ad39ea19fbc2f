// `npm run check:package`: the package as published (dist/, packed) passes publint and Are the Types Wrong. CI
// runs the same check from @sentinel/ui's test:built, which builds, packs and lints both packages (one writer of
// domain/dist at a time), then compiles a host against them.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintTarball, pack } from './packageCheck.mjs';

await lintTarball(pack(join(dirname(fileURLToPath(import.meta.url)), '..')));
