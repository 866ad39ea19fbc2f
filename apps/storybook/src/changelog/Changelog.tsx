/**
 * The changelog page's content, read from the repository when Storybook is built: the changesets not released
 * yet (.changeset/*.md) and each published package's CHANGELOG.md. Nothing is copied, so the page cannot go
 * stale.
 */
import { Markdown } from '@storybook/addon-docs/blocks';
import { parseChangeset, type Changeset } from './changesets';

const changesetFiles = import.meta.glob<string>(
  ['../../../../.changeset/*.md', '!../../../../.changeset/README.md'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

const changelogFiles = import.meta.glob<string>('../../../../packages/*/CHANGELOG.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

const fileName = (path: string) => path.split('/').at(-1) ?? path;
const packageDirectory = (path: string) => path.split('/').at(-2) ?? path;

const pending: Changeset[] = Object.entries(changesetFiles)
  .map(([path, source]) => parseChangeset(fileName(path), source))
  .sort((a, b) => a.id.localeCompare(b.id));

// The heading of each CHANGELOG.md names its package; the page gives it its own heading instead.
const changelogs = Object.entries(changelogFiles)
  .map(([path, source]) => ({ directory: packageDirectory(path), body: source.replace(/^# .*\n+/, '') }))
  .sort((a, b) => a.directory.localeCompare(b.directory));

/** Unreleased changesets, then every package's released versions. */
export function Changelog() {
  return (
    <>
      <h2>Unreleased</h2>
      {pending.length === 0 ? (
        <p>No unreleased changes: every changeset has been released.</p>
      ) : (
        <ul>
          {pending.map((changeset) => (
            <li key={changeset.id}>
              <strong>
                {changeset.releases.map((r) => `${r.name} (${r.bump})`).join(', ') || 'No package named'}
              </strong>
              : <Markdown options={{ forceInline: true }}>{changeset.summary}</Markdown>
            </li>
          ))}
        </ul>
      )}
      {changelogs.map(({ directory, body }) => (
        <section key={directory} aria-labelledby={`changelog-${directory}`}>
          <h2 id={`changelog-${directory}`}>@sentinel/{directory}</h2>
          <Markdown>{body}</Markdown>
        </section>
      ))}
    </>
  );
}
