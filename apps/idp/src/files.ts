/** Small file helpers: atomic JSON writes (temp file + rename) and tolerant JSON reads. */
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Folders this process has checked: one stat per folder, not one per write. */
const privateDirs = new Set<string>();

/**
 * Makes `dir` (signing keys, the API client's secret, sessions) its owner's only: created 0700, and an existing
 * folder that grants group or others any right (made by hand, by an older version, under a loose umask) is
 * tightened to 0700.
 */
async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (privateDirs.has(dir)) return;
  if (((await stat(dir)).mode & 0o077) !== 0) await chmod(dir, 0o700);
  privateDirs.add(dir);
}

/** Writes JSON atomically: a reader sees the old file or the new one, never half of one. */
export async function writeJsonAtomic(file: string, value: unknown, mode = 0o600): Promise<void> {
  await ensurePrivateDir(path.dirname(file));
  const temp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(temp, JSON.stringify(value), { mode });
  await rename(temp, file);
}

/** Reads a JSON file; undefined when it does not exist. */
export async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
