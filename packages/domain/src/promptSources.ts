/**
 * The knowledge sources of a model prompt, in the one format the API writes and the built-in demo model reads
 * (apps/model/README.md): one `[Source: <label>]` line per source from the first column, its excerpt on the
 * lines below, a blank line between sources, and an `[End of sources]` line. Real models read it as plain
 * instructions. Writer and reader live here together so the two ends cannot drift.
 */

/**
 * One knowledge source listed in the prompt: its label (`title`: a document title, or `<title> › <section>` for
 * one section of it) and the excerpt under it.
 */
export type SourceBlock = { readonly title: string; readonly excerpt: string };

/**
 * A source block starts with this line: `[Source: <title>]` from the first column. An indented marker is plain
 * text, so an excerpt can quote one (the API indents such lines) without starting a block of its own.
 */
const SOURCE_HEADER = /^\[Source:[ \t]*(.*?)[ \t]*\][ \t]*$/;
/** An optional line ending the last source block, so instructions may follow the list (also from column 1). */
const SOURCES_END = /^\[End of sources\][ \t]*$/i;

/**
 * The knowledge section of a system message in this format: one
 * `[Source: <title>]` line per source, its excerpt on the lines below, a blank line between sources, and an
 * `[End of sources]` line. A title is kept on one line (its header ends at the last `]` of the line, so
 * brackets inside a title are fine).
 */
export function formatSources(sources: readonly SourceBlock[]): string {
  // Leading blank lines go, but not the indent of the first line: it may be an escaped marker.
  const blocks = sources.map(
    (s) => `[Source: ${s.title.replace(/\s+/g, ' ').trim()}]\n${s.excerpt.replace(/^\s*\n/, '').trimEnd()}`,
  );
  return [...blocks, '[End of sources]'].join('\n\n');
}

/**
 * The sources listed in one instruction text: each `[Source: <title>]` line starts a block whose excerpt is the
 * text up to the next header, an `[End of sources]` line or the end. Blocks without a title or an excerpt are
 * skipped, and a title listed twice is kept once (the first).
 */
export function parseSources(text: string): SourceBlock[] {
  const sources: SourceBlock[] = [];
  let current: { title: string; lines: string[] } | undefined;
  const close = () => {
    if (!current) return;
    const excerpt = current.lines.join('\n').trim();
    if (current.title !== '' && excerpt !== '' && !sources.some((s) => s.title === current?.title)) {
      sources.push({ title: current.title, excerpt });
    }
    current = undefined;
  };
  for (const line of text.split(/\r\n|\n|\r/)) {
    const header = SOURCE_HEADER.exec(line);
    if (header) {
      close();
      current = { title: header[1] ?? '', lines: [] };
    } else if (SOURCES_END.test(line)) {
      close();
    } else {
      current?.lines.push(line);
    }
  }
  close();
  return sources;
}
