import { chmod, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJson, writeJsonAtomic } from './files';

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

// The provider's data folder holds its signing keys and the API client's secret: no one but its owner may list
// or read it, even when the folder was made before (by hand, by an older version, with a loose umask).
describe('writeJsonAtomic', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sentinel-idp-files-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('creates the folder 0700 and the file 0600', async () => {
    const file = path.join(root, 'data', 'store', 'Session.json');
    await writeJsonAtomic(file, { a: 1 });
    expect(await readJson(file)).toEqual({ a: 1 });
    expect(await modeOf(file)).toBe(0o600);
    expect(await modeOf(path.dirname(file))).toBe(0o700);
  });

  it('tightens an existing folder that others could read', async () => {
    const dir = path.join(root, 'data');
    await mkdir(dir);
    await chmod(dir, 0o755);
    await writeJsonAtomic(path.join(dir, 'keys.json'), { k: 1 });
    expect(await modeOf(dir)).toBe(0o700);
  });
});
