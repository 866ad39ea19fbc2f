/** A changeset file (`npx changeset`): the packages it bumps and the one-line summary for host teams. */
export type Changeset = {
  readonly id: string;
  readonly releases: readonly { name: string; bump: string }[];
  readonly summary: string;
};

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;
const RELEASE_LINE = /^\s*["']?([^"':]+)["']?\s*:\s*(major|minor|patch|none)\s*$/;

/**
 * Reads a changeset: front matter of `"package": bump` lines, then the summary. A file without front matter is
 * shown as a summary with no package, so a malformed changeset is visible on the page rather than dropped.
 */
export function parseChangeset(fileName: string, source: string): Changeset {
  const id = fileName.replace(/\.md$/, '');
  const match = FRONT_MATTER.exec(source);
  if (!match) return { id, releases: [], summary: source.trim() };
  const [, front = '', body = ''] = match;
  const releases = front.split(/\r?\n/).flatMap((line) => {
    const release = RELEASE_LINE.exec(line);
    return release ? [{ name: release[1]!.trim(), bump: release[2]! }] : [];
  });
  return { id, releases, summary: body.trim() };
}
