/**
 * Grounded answers (REQ-chat-retrieval): a markdown knowledge document read as sections by heading, with its tables
 * and short lists turned into prose lines, and the sections of a document that best answer a question. The
 * assistant's prompt carries those sections, not the opening of the document, each labelled
 * `<title> › <heading path>` so that an answer can cite the section it quotes. Safety thresholds sit in tables and
 * lists (metformin's eGFR rows, the 15-15 rule, when to call 911): read as prose, a model and a sentence splitter
 * can quote them.
 *
 * Pure and deterministic: the same text and question always give the same sections.
 */
import { RELEVANCE_TENTHS } from './knowledge';

/** Between the parts of a section label: `Metformin: Prescribing and Monitoring › Renal Thresholds`. */
export const SECTION_PATH_SEPARATOR = ' › ';

/** A part of a document under one heading, as prose. */
export type KnowledgeSection = {
  /** The headings from the top of the document down to this section; empty for text before the first one. */
  readonly path: readonly string[];
  /** The section's prose: its parts, one line per paragraph, list item, joined short list or table row. */
  readonly text: string;
  /**
   * The section's text in the groups an excerpt chooses from when the whole section does not fit: a paragraph, a
   * list or a table, each with the lead-in line that introduces it ("**Lactic acidosis:**" and its list).
   */
  readonly parts: readonly string[];
};

// ---------------------------------------------------------------------------------------------------------------
// Reading markdown

type ListItem = { readonly marker: string; text: string; readonly children: ListItem[] };

type Block =
  | { readonly kind: 'heading'; readonly level: number; readonly text: string }
  | { readonly kind: 'paragraph'; readonly text: string; readonly label: boolean }
  | { readonly kind: 'list'; readonly items: ListItem[] }
  | { readonly kind: 'table'; readonly header: string[]; readonly rows: string[][] };

const ATX_HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^([ \t]*)([-*+]|\d{1,9}[.)])[ \t]+(.*)$/;
const TABLE_DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
/** A paragraph that opens with emphasised words ending in a colon labels what follows ("**Lactic acidosis:**"). */
const LABEL_PARAGRAPH = /^(\*\*|__)(?:[^*_]+?:\1|[^*_]+?\1:)(?:[ \t]|$)/;
/** Headings of the parts that cite, not say: they are never an answer. */
const REFERENCE_HEADING =
  /^(references?|bibliography|sources|citations|further reading|works cited|notes and references)$/i;

const isBlank = (line: string) => line.trim() === '';
/** A table's delimiter row (`|---|:--:|`): with a pipe, so a `---` line stays a rule or an underline. */
const isDelimiterRow = (line: string) => line.includes('|') && TABLE_DELIMITER.test(line);
const indentOf = (line: string) => (/^[ \t]*/.exec(line)?.[0] ?? '').replace(/\t/g, '    ').length;

/** The YAML front matter (`---` to `---` on the first lines) is metadata, not text to answer from. */
function withoutFrontMatter(lines: readonly string[]): readonly string[] {
  if (lines[0]?.trim() !== '---') return lines;
  const end = lines.findIndex((line, i) => i > 0 && /^(---|\.\.\.)[ \t]*$/.test(line));
  return end < 0 ? lines : lines.slice(end + 1);
}

/** Inline markdown as plain text: links and images keep their text, emphasis, code marks and HTML tags go. */
export function inlineText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<(https?:[^>\s]+)>/g, '$1')
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<\/?[A-Za-z][^>]*>/g, '')
    .replace(/\\([\\`*_{}[\]()#+\-.!|>])/g, '$1')
    .replace(/\*\*|__|[*`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The cells of a table row: split on unescaped pipes, the outer pipes dropped. */
function tableCells(line: string): string[] {
  const cells = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/);
  return cells.map((cell) => inlineText(cell.replace(/\\\|/g, '|')));
}

/** Reads a list starting at `start`: its items nested by indentation, continuation lines joined to their item. */
function readList(lines: readonly string[], start: number): { items: ListItem[]; next: number } {
  const items: ListItem[] = [];
  const stack: { indent: number; item: ListItem }[] = [];
  let i = start;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    const item = LIST_ITEM.exec(line);
    if (item) {
      const indent = indentOf(line);
      const entry: ListItem = { marker: item[2] ?? '-', text: item[3] ?? '', children: [] };
      while (stack.length > 0 && (stack.at(-1)?.indent ?? 0) >= indent) stack.pop();
      const parent = stack.at(-1);
      if (parent) parent.item.children.push(entry);
      else items.push(entry);
      stack.push({ indent, item: entry });
      i += 1;
      continue;
    }
    if (isBlank(line)) {
      // A blank line ends the list unless an item or an indented continuation follows it.
      let next = i + 1;
      while (next < lines.length && isBlank(lines[next] ?? '')) next += 1;
      const following = lines[next];
      if (following === undefined || !(LIST_ITEM.test(following) || indentOf(following) >= 2)) break;
      i = next;
      continue;
    }
    if (ATX_HEADING.test(line) || THEMATIC_BREAK.test(line) || FENCE.test(line) || line.includes('|')) break;
    const last = stack.at(-1);
    if (!last) break;
    last.item.text += ` ${line.trim()}`;
    i += 1;
  }
  return { items, next: i };
}

/** The blocks of a markdown text: headings, paragraphs (soft-wrapped lines joined), lists, tables, code lines. */
function readBlocks(markdown: string): Block[] {
  const lines = withoutFrontMatter(
    markdown.split(/\r\n|\n|\r/).map((line) => line.replace(/^ {0,3}>[ \t]?/, '')),
  );
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length === 0) return;
    const raw = paragraph.join(' ');
    const text = inlineText(raw);
    if (text !== '') blocks.push({ kind: 'paragraph', text, label: LABEL_PARAGRAPH.test(raw.trim()) });
    paragraph = [];
  };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      let end = i + 1;
      while (end < lines.length && !(lines[end] ?? '').trim().startsWith(fence[1] ?? '```')) end += 1;
      for (const code of lines.slice(i + 1, end)) {
        if (!isBlank(code)) blocks.push({ kind: 'paragraph', text: code.trim(), label: false });
      }
      i = end + 1;
      continue;
    }
    if (isBlank(line)) {
      flush();
      i += 1;
      continue;
    }
    const heading = ATX_HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]?.length ?? 1, text: inlineText(heading[2] ?? '') });
      i += 1;
      continue;
    }
    const underline = SETEXT_UNDERLINE.exec(line);
    if (underline && paragraph.length > 0) {
      const text = inlineText(paragraph.join(' '));
      paragraph = [];
      blocks.push({ kind: 'heading', level: underline[1]?.startsWith('=') ? 1 : 2, text });
      i += 1;
      continue;
    }
    if (THEMATIC_BREAK.test(line)) {
      flush();
      i += 1;
      continue;
    }
    if (line.includes('|') && isDelimiterRow(lines[i + 1] ?? '')) {
      flush();
      const header = tableCells(line);
      const rows: string[][] = [];
      i += 2;
      while (i < lines.length && !isBlank(lines[i] ?? '') && (lines[i] ?? '').includes('|')) {
        rows.push(tableCells(lines[i] ?? ''));
        i += 1;
      }
      blocks.push({ kind: 'table', header, rows });
      continue;
    }
    if (LIST_ITEM.test(line)) {
      // A list may follow its lead-in line without a blank line between them.
      flush();
      const { items, next } = readList(lines, i);
      blocks.push({ kind: 'list', items });
      i = next;
      continue;
    }
    paragraph.push(line.trim());
    i += 1;
  }
  flush();
  return blocks;
}

// ---------------------------------------------------------------------------------------------------------------
// Prose

/** A cell that says nothing: empty or a dash. */
const isEmptyCell = (cell: string) => /^[\s—–-]*$/.test(cell);
/** A first cell that is a value (a number, a range, a comparison) reads with its column's name: "eGFR 30–44". */
const VALUE_CELL = /^[\s(]*(?:[<>≤≥=~±≈+-]|\d|less than|more than|under |over |below |above )/i;

/** A line that ends as a sentence does, so a sentence splitter stops there. */
const asSentence = (text: string) => (/[.!?:;…]$/.test(text) ? text : `${text}.`);
/** A clause to join into a list: without the end punctuation or the "and"/"or" joining it to the next one. */
const asClause = (text: string) => text.replace(/(?:[,;]\s*(?:and|or)?|[.;,])\s*$/i, '').trim();

/**
 * A table as prose, one line per row built from the header and the cells, whatever the table: the row's subject
 * (its first cell, after the column name when the cell is a value), then each other cell after its column name.
 * `| eGFR | Action |` over `| 30–44 | Do not start |` reads "eGFR 30–44: Action: Do not start." Empty cells and
 * dashes are left out.
 */
export function tableAsProse(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return rows.flatMap((cells) => {
    const first = cells[0] ?? '';
    const firstName = header[0] ?? '';
    const subject = isEmptyCell(first)
      ? ''
      : VALUE_CELL.test(first) && !isEmptyCell(firstName)
        ? `${firstName} ${first}`
        : first;
    const details = cells.slice(1).flatMap((cell, index) => {
      if (isEmptyCell(cell)) return [];
      const name = header[index + 1] ?? '';
      return [isEmptyCell(name) ? asClause(cell) : `${name}: ${asClause(cell)}`];
    });
    const line = [subject, details.join('; ')].filter((part) => part !== '').join(': ');
    return line === '' ? [] : [asSentence(line)];
  });
}

/**
 * A short item reads well joined into its lead-in's line: one clause (no sentence end, no semicolon of its own, not
 * a full sentence ending in a full stop), no sub-items.
 */
const isShortItem = (item: ListItem) => {
  const text = inlineText(item.text);
  return item.children.length === 0 && !/[.!?;]\s*\S|[.!?]$/.test(text) && text.length <= 160;
};

const itemText = (item: ListItem) => {
  const text = inlineText(item.text);
  return /^\d/.test(item.marker) ? `${item.marker.replace('.', ')')} ${text}` : text;
};

/**
 * A list as prose lines: one per item, except that a lead-in ending in a colon followed by short items becomes one
 * line ("Call 911 right away for: chest pain or pressure; trouble breathing; ..."), so the sentence holding the
 * lead-in holds what it introduces.
 */
function listAsProse(items: readonly ListItem[], leadIn?: string): string[] {
  if (leadIn !== undefined && items.length > 0 && items.every(isShortItem)) {
    return [asSentence(`${leadIn} ${items.map((item) => asClause(itemText(item))).join('; ')}`)];
  }
  const lines = leadIn === undefined ? [] : [leadIn];
  for (const item of items) {
    const text = itemText(item);
    if (item.children.length > 0 && text.endsWith(':')) lines.push(...listAsProse(item.children, text));
    else lines.push(text, ...listAsProse(item.children));
  }
  return lines.filter((line) => line !== '');
}

/** Prose parts of a run of blocks: a paragraph, list or table each, with its lead-in or label paragraph. */
function blocksAsParts(blocks: readonly Block[]): string[][] {
  const parts: string[][] = [];
  let labelled: string[] | undefined;
  for (let i = 0; i < blocks.length; i += 1) {
    const block = blocks[i];
    if (!block || block.kind === 'heading') continue;
    if (block.kind === 'paragraph') {
      const next = blocks[i + 1];
      const leadsIn = block.text.endsWith(':') && (next?.kind === 'list' || next?.kind === 'table');
      let lines = [block.text];
      if (leadsIn && next?.kind === 'list') {
        lines = listAsProse(next.items, block.text);
        i += 1;
      } else if (leadsIn && next?.kind === 'table') {
        lines = [block.text, ...tableAsProse(next.header, next.rows)];
        i += 1;
      }
      labelled = block.label ? lines : undefined;
      parts.push(lines);
      continue;
    }
    const lines = block.kind === 'list' ? listAsProse(block.items) : tableAsProse(block.header, block.rows);
    // A list or table under a label ("**Lactic acidosis:**") belongs with it.
    if (labelled) labelled.push(...lines);
    else parts.push(lines);
  }
  return parts.filter((part) => part.length > 0);
}

/**
 * The sections of a markdown document, in order: each heading starts one, and its path is the headings above it
 * (a lone level-1 heading at the top is the document's title, not part of any path). The front matter and
 * reference lists (References, Bibliography...) are left out: they are not answers. Sections without text (a
 * heading directly over its sub-headings) are left out too.
 */
export function splitSections(markdown: string): KnowledgeSection[] {
  const blocks = readBlocks(markdown);
  const headings = blocks.filter((b) => b.kind === 'heading');
  const topTitle =
    headings.filter((h) => h.level === 1).length === 1 && headings[0]?.level === 1 ? headings[0] : undefined;
  const sections: KnowledgeSection[] = [];
  const stack: { level: number; text: string }[] = [];
  let excludedFrom: number | undefined;
  let body: Block[] = [];
  const close = () => {
    const parts = blocksAsParts(body).map((lines) => lines.join('\n'));
    if (excludedFrom === undefined && parts.length > 0) {
      sections.push({ path: stack.map((h) => h.text), text: parts.join('\n'), parts });
    }
    body = [];
  };
  for (const block of blocks) {
    if (block.kind !== 'heading') {
      body.push(block);
      continue;
    }
    close();
    if (block === topTitle) continue;
    while (stack.length > 0 && (stack.at(-1)?.level ?? 0) >= block.level) stack.pop();
    stack.push({ level: block.level, text: block.text });
    if (excludedFrom !== undefined && block.level <= excludedFrom) excludedFrom = undefined;
    if (excludedFrom === undefined && REFERENCE_HEADING.test(block.text.replace(/[:.]\s*$/, ''))) {
      excludedFrom = block.level;
    }
  }
  close();
  return sections;
}

/** A whole markdown text as prose lines: its sections' texts in order (front matter, headings and references out). */
export function markdownAsProse(markdown: string): string {
  return splitSections(markdown)
    .map((section) => section.text)
    .join('\n');
}

/**
 * Text that may be prose already or may hold markdown, read line by line (nothing is joined across lines): runs of
 * table rows become prose rows (`tableAsProse`), list markers, heading marks and emphasis go. For readers of an
 * excerpt that somebody else cut (the demo model reads the prompt this way).
 */
export function linesAsProse(text: string): string[] {
  const lines = text.split(/\r\n|\n|\r/);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (/^[ \t]*\|/.test(line)) {
      const rows: string[] = [];
      while (i < lines.length && /^[ \t]*\|/.test(lines[i] ?? '')) {
        rows.push(lines[i] ?? '');
        i += 1;
      }
      i -= 1;
      const delimiter = rows.findIndex(isDelimiterRow);
      const header = delimiter === 1 ? tableCells(rows[0] ?? '') : [];
      const body = rows.filter((_, j) => j !== delimiter && !(delimiter === 1 && j === 0)).map(tableCells);
      out.push(...tableAsProse(header, body));
      continue;
    }
    const plain = inlineText(line.replace(/^[ \t]*(#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+)/, ''));
    if (plain !== '') out.push(plain);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Matching a question

/** One thing a question asks about, and how to find it in a text. */
export type QueryConcept = {
  /** What the concept is: a word of the question, a synonym group's name or a number. */
  readonly name: string;
  /** Whether a text mentions it. */
  readonly foundIn: (text: string) => boolean;
};

/** What a question asks about, as concepts: each counts once, however many of its words or synonyms match. */
export type SectionQuery = { readonly concepts: readonly QueryConcept[] };

/**
 * Groups of words meaning the same thing, as people ask and as clinical texts write: `asked` finds the group in a
 * question (its words are then used up, so "low sugar" is one concept, not "low" and "sugar"), `found` finds it
 * in a text. A small, general list for this product's topics; the order matters where groups overlap (low and
 * high blood sugar before blood sugar).
 */
const SYNONYMS: ReadonlyArray<{ name: string; asked: RegExp; found: RegExp }> = [
  {
    name: 'low blood sugar',
    asked:
      /\bhypo(?:glyc[a-z]*|s)?\b|\blows\b|\blow(?:er)?\s+(?:blood\s+)?(?:sugar|glucose)s?\b|\b(?:sugar|glucose)s?(?:\s+(?:level|reading|number)s?)?\s+(?:(?:is|was|are|were|went|goes|keeps|going|gets|got|very|too|so)\s+)*(?:low|drop[a-z]*|crash[a-z]*|fall[a-z]*)\b/gi,
    // Below 70 mg/dL (3.9 mmol/L) is how guidance defines a low (ADA level 1 hypoglycaemia).
    found:
      /\blow(?:er)?\s+(?:blood\s+)?(?:sugar|glucose)|\bhypoglyc|\bhypos?\b|\blows\b|(?:\bbelow\s+|<\s?)(?:70\s?mg|3\.9\s?mmol)/i,
  },
  {
    name: 'high blood sugar',
    asked:
      /\bhyperglyc[a-z]*|\bhigh(?:er)?\s+(?:blood\s+)?(?:sugar|glucose)s?\b|\b(?:sugar|glucose)s?(?:\s+(?:level|reading|number)s?)?\s+(?:(?:is|was|are|were|went|goes|keeps|going|gets|got|very|too|so)\s+)*(?:high|spik[a-z]*|ris[a-z]*)\b/gi,
    found: /\bhigh(?:er)?\s+(?:blood\s+)?(?:sugar|glucose)|\bhyperglyc/i,
  },
  {
    name: 'blood sugar',
    asked: /\bblood\s+sugars?\b|\bsugars?\b|\bglucose\b|\bglyc(?:a)?emi[a-z]*/gi,
    found: /\bblood\s+sugar|\bglucose|\bglyc(?:a)?emi|\bsugars?\b/i,
  },
  {
    name: 'kidney',
    asked: /\bkidneys?\b|\brenal\b|\be?gfr\b|\bckd\b|\bnephro[a-z]*|\bcreatinine\b|\bdialysis\b/gi,
    found: /\bkidney|\brenal\b|\be?gfr\b|\bckd\b|\bnephro|\bcreatinine|\bdialysis/i,
  },
  {
    name: 'blood pressure',
    asked: /\bblood\s+pressures?\b|\bhypertens[a-z]*|\bbp\b/gi,
    found: /\bblood\s+pressure|\bhypertens|\bbp\b|\bmmhg\b/i,
  },
  { name: 'liver', asked: /\bliver\b|\bhepat[a-z]*/gi, found: /\bliver\b|\bhepat/i },
  {
    name: 'contrast scan',
    asked: /\bcontrast\b|\bdye\b|\b(?:ct|cat)\s+scans?\b|\bangiogra[a-z]*|\biodinated\b/gi,
    found: /\bcontrast\b|\biodinated\b|\bdye\b|\bct\s+scan|\bangiogra/i,
  },
  {
    name: 'stomach upset',
    asked: /\bstomach\b|\btummy\b|\bnause[a-z]*|\bdiarrh?o?ea\b|\bvomit[a-z]*|\bgi\b|\bgastro[a-z]*/gi,
    found: /\bstomach|\bnause|\bdiarrh|\bvomit|\bgastrointestinal|\bgi\b/i,
  },
  {
    name: 'pregnancy',
    asked: /\bpregnan[a-z]*|\bgestation[a-z]*|\bpostpartum\b|\b(?:pre)?eclampsia\b/gi,
    found: /\bpregnan|\bgestation|\bpostpartum|\beclampsia|\bpreeclampsia/i,
  },
  {
    name: 'emergency',
    asked: /\bemergenc[a-z]*|\b911\b|\bambulance\b/gi,
    found: /\bemergenc|\b911\b|\bambulance/i,
  },
  {
    name: 'side effects',
    asked: /\bside[\s-]+effects?\b|\badverse\b/gi,
    found: /\bside[\s-]+effect|\badverse/i,
  },
  {
    name: 'dose',
    asked: /\bdos(?:e|es|ed|ing|age)\b|\btitrat[a-z]*/gi,
    found: /\bdos(?:e|es|ing|age)\b|\btitrat/i,
  },
  {
    name: 'lactic acidosis',
    asked: /\blactic\b|\bacidosis\b|\blactate\b/gi,
    found: /\blactic\b|\bacidosis\b|\blactate\b/i,
  },
  {
    name: 'eyes',
    asked: /\beyes?\b|\bvision\b|\bsight\b|\bretin[a-z]*|\bblurr[a-z]*|\bophthalm[a-z]*/gi,
    found: /\beyes?\b|\bvision\b|\bretin|\bblurr|\bophthalm/i,
  },
  {
    name: 'sick days',
    asked: /\bsick\b|\billness\b|\bunwell\b|\bflu\b/gi,
    found: /\bsick\b|\billness|\bunwell\b/i,
  },
  {
    name: 'physical activity',
    asked: /\bexercis[a-z]*|\bwork(?:ing)?\s*outs?\b|\bphysical\s+activity\b|\bgym\b/gi,
    found: /\bexercis|\bphysical\s+activity|\baerobic/i,
  },
  {
    name: 'weight',
    asked: /\bweight\b|\bobes[a-z]*|\boverweight\b|\bbmi\b/gi,
    found: /\bweight\b|\bobes|\boverweight|\bbmi\b/i,
  },
  {
    name: 'cholesterol',
    asked: /\bcholesterol\b|\blipids?\b|\bldl\b|\bhdl\b|\bstatins?\b/gi,
    found: /\bcholesterol|\blipid|\bldl\b|\bstatin/i,
  },
  {
    name: 'eating',
    asked: /\bdiet\b|\beat(?:ing)?\b|\bfoods?\b|\bmeals?\b|\bnutrition\b/gi,
    found: /\bdiet|\beat(?:ing)?\b|\bfoods?\b|\bmeals?\b|\bnutrition/i,
  },
  { name: 'salt', asked: /\bsalt(?:y)?\b|\bsodium\b/gi, found: /\bsalt\b|\bsodium\b/i },
  {
    name: 'smoking',
    asked: /\bsmok[a-z]*|\btobacco\b|\bcigarettes?\b|\bvap(?:e|ing)\b/gi,
    found: /\bsmok|\btobacco|\bcigarette/i,
  },
];

/** Words that say nothing about a topic ('what', 'the', 'should', 'patient'), left out of a question's concepts. */
export const QUESTION_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'about above after again against all also and any are because been before being below between both but can ' +
    'could did does doing down during each few for from further had has have having her here hers herself him ' +
    'himself his how into its itself just know let like more most much must myself need not now off once only ' +
    'other our ours out over own please same she should some such take tell than that the their theirs them then ' +
    'there these they this those through too under until use used using very want was were what when where which ' +
    'while who whom why will with would you your yours yourself patient patients person people someone'
  ).split(' '),
);

/** A question's topic words: lowercased, split at anything but letters and digits, over 2 letters, no stop words. */
export function questionKeywords(question: string): string[] {
  const words = question
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 2 && !QUESTION_STOP_WORDS.has(word));
  return [...new Set(words)];
}

/**
 * A word's stem, so that 'kidneys' finds 'kidney' and 'treating' finds 'treatment': a plural 's' is cut when at
 * least 4 letters stay, a longer ending ('ies', 'ing', 'es', 'ed') when at least 5 do (a shorter stem finds
 * unrelated words: 'reading' cut to 'read' would find 'read food labels'). A stem is matched at the start of a
 * word, so it finds its other endings too.
 */
export function wordStem(word: string): string {
  if (word.endsWith('ss')) return word;
  for (const ending of ['ies', 'ing', 'es', 'ed']) {
    if (word.endsWith(ending) && word.length - ending.length >= 5) return word.slice(0, -ending.length);
  }
  return word.endsWith('s') && word.length > 4 ? word.slice(0, -1) : word;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;
/** A number standing alone (not the 1 of 'A1C' or 'T2D'). */
const LONE_NUMBER = new RegExp(String.raw`(?<![\p{L}\d.])${NUMBER}(?![\p{L}\d]|\.\d)`, 'gu');
const RANGE = new RegExp(String.raw`(?<![\p{L}\d.])${NUMBER}\s*(?:-|–|—|to)\s*${NUMBER}(?![\d])`, 'gu');
const AT_LEAST = new RegExp(
  String.raw`(?:≥|>=|>|at least|above|over|more than|greater than)\s*${NUMBER}`,
  'giu',
);
const AT_MOST = new RegExp(String.raw`(?:≤|<=|<|below|under|less than)\s*${NUMBER}`, 'giu');

const numbersIn = (pattern: RegExp, text: string): number[][] =>
  [...text.matchAll(pattern)].map((m) => m.slice(1).map(Number));

/**
 * Whether a text speaks of a value: states it, or gives a range or bound holding it ("eGFR 30–44" holds 35,
 * "below 70 mg/dL" holds 62). Thresholds are how clinical texts answer a reading.
 */
export function mentionsValue(text: string, value: number): boolean {
  return (
    numbersIn(LONE_NUMBER, text).some(([n]) => n === value) ||
    numbersIn(RANGE, text).some(([a = NaN, b = NaN]) => value >= Math.min(a, b) && value <= Math.max(a, b)) ||
    numbersIn(AT_LEAST, text).some(([n = NaN]) => value >= n) ||
    numbersIn(AT_MOST, text).some(([n = NaN]) => value <= n)
  );
}

/** At most this many numbers of a question count: a pasted table of readings is not a topic. */
const MAX_QUERY_NUMBERS = 4;

/**
 * What a question asks about: its synonym groups (each one concept), its other topic words (stemmed, matched at
 * the start of a word) and its numbers (matched by value, range or bound).
 */
export function sectionQueryOf(question: string): SectionQuery {
  let rest = question.toLowerCase();
  const concepts: QueryConcept[] = [];
  for (const group of SYNONYMS) {
    if (group.asked.test(rest)) {
      concepts.push({ name: group.name, foundIn: (text) => group.found.test(text) });
      rest = rest.replace(group.asked, ' ');
    }
    group.asked.lastIndex = 0;
  }
  const numbers = [...new Set(numbersIn(LONE_NUMBER, rest).map(([n]) => n ?? NaN))].slice(
    0,
    MAX_QUERY_NUMBERS,
  );
  for (const value of numbers) {
    concepts.push({ name: String(value), foundIn: (text) => mentionsValue(text, value) });
  }
  for (const word of questionKeywords(rest)) {
    if (/^[\d.]+$/.test(word)) continue;
    const found = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(wordStem(word))}`, 'iu');
    concepts.push({ name: word, foundIn: (text) => found.test(text) });
  }
  return { concepts };
}

/** How many of the question's concepts a text mentions. */
export function conceptHits(query: SectionQuery, text: string): number {
  return query.concepts.filter((concept) => concept.foundIn(text)).length;
}

/**
 * How well a section answers a question, in the REQ-kb relevance points (knowledge.ts `RELEVANCE_TENTHS`): 3 for each
 * concept its heading names, 1 for each its text mentions. A heading says what a section is about; its text
 * mentions many things in passing.
 */
export function scoreSectionMatch(query: SectionQuery, section: { heading: string; text: string }): number {
  let points = 0;
  for (const concept of query.concepts) {
    if (concept.foundIn(section.heading)) points += RELEVANCE_TENTHS.titleWord;
    if (concept.foundIn(section.text)) points += RELEVANCE_TENTHS.contentWord;
  }
  return points;
}

// ---------------------------------------------------------------------------------------------------------------
// Choosing sections

/**
 * Text cut to at most `maxChars`, at the last line or sentence end when that keeps more than half, otherwise at the
 * limit (never inside a surrogate pair).
 */
export function cutText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let end = Math.max(0, maxChars);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  const head = text.slice(0, end);
  const cut = Math.max(head.lastIndexOf('\n'), head.lastIndexOf('. ') + 1);
  return (cut > maxChars / 2 ? head.slice(0, cut) : head).trimEnd();
}

/** Words of a text saying when to get emergency or urgent care. */
const URGENT_CARE = /\b911\b|\bemergenc|\burgent|\bright away\b|\bimmediately\b/i;

/**
 * Whether a text says when to get emergency or urgent care ("call 911", "emergency", "urgent care"): when only part
 * of a section fits, the safer answer keeps such text before the rest.
 */
export function saysWhenToGetCare(text: string): boolean {
  return URGENT_CARE.test(text);
}

/**
 * What of a section fits in `maxChars`: all of it when it fits; otherwise its parts that mention the most of the
 * question (ties: the earlier), as many as fit, in their order in the section; a part too long alone is cut. A part
 * saying when to call 911 or get urgent care counts as one more match: cut from a chosen section, it is the part a
 * reader can least afford to miss.
 */
export function sectionExcerpt(section: KnowledgeSection, query: SectionQuery, maxChars: number): string {
  if (section.text.length <= maxChars) return section.text;
  const ranked = section.parts
    .map((part, index) => ({
      part,
      index,
      hits: conceptHits(query, part) + (saysWhenToGetCare(part) ? 1 : 0),
    }))
    .toSorted((a, b) => b.hits - a.hits || a.index - b.index);
  const chosen: typeof ranked = [];
  let used = 0;
  for (const candidate of ranked) {
    const cost = candidate.part.length + (chosen.length > 0 ? 1 : 0);
    if (used + cost > maxChars) continue;
    chosen.push(candidate);
    used += cost;
  }
  if (chosen.length === 0) return cutText(ranked[0]?.part ?? '', maxChars);
  return chosen
    .toSorted((a, b) => a.index - b.index)
    .map((c) => c.part)
    .join('\n');
}

/** How a section is named in a prompt and an answer: `<title> › <heading path>`, or the title for the preamble. */
export function sectionLabel(title: string, path: readonly string[]): string {
  const own = path.filter((heading) => heading.toLowerCase() !== title.trim().toLowerCase());
  return [title.replace(/\s+/g, ' ').trim(), ...own].join(SECTION_PATH_SEPARATOR);
}

/** The document title and the section heading path of a label (`sectionLabel` read back). */
export function splitSectionLabel(label: string): { title: string; section: string } {
  const at = label.indexOf(SECTION_PATH_SEPARATOR);
  return at < 0
    ? { title: label, section: '' }
    : { title: label.slice(0, at), section: label.slice(at + SECTION_PATH_SEPARATOR.length) };
}

/** One section chosen for a question. */
export type SectionMatch = {
  readonly section: KnowledgeSection;
  /** `sectionLabel` of the section: what a prompt lists and an answer cites. */
  readonly label: string;
  /** The section's text to show, within the budget. */
  readonly excerpt: string;
  /** `scoreSectionMatch` for the question (0 for a document's opening, given when no section matches). */
  readonly score: number;
};

export type SectionBudget = {
  /** Characters of one document's sections together. */
  readonly perDocument: number;
  /** Characters of one section. */
  readonly perSection: number;
  /** Sections of one document. */
  readonly maxSections: number;
};

/** A section smaller than this is not worth its label: the budget is full. */
const MIN_SECTION_ROOM = 300;

/**
 * The sections of a document that best answer a question, the best first, within the budget. Concepts the
 * document's title names are what every section is about, so they rank documents, not sections, and are left out
 * here (unless the question asks nothing else). When no section matches (the document was found by its title),
 * its opening section stands for it.
 */
export function selectSections(
  doc: { readonly title: string; readonly content: string },
  question: string,
  budget: SectionBudget,
  /** The document's sections, when the caller keeps them (splitting is the costly part); split here otherwise. */
  sections: readonly KnowledgeSection[] = splitSections(doc.content),
): SectionMatch[] {
  const query = sectionQueryOf(question);
  const specific = query.concepts.filter((concept) => !concept.foundIn(doc.title));
  const ranking = specific.length > 0 ? { concepts: specific } : query;
  const ranked = sections
    .map((section, index) => ({
      section,
      index,
      score: scoreSectionMatch(ranking, { heading: section.path.join('\n'), text: section.text }),
    }))
    .filter((s) => s.score > 0)
    .toSorted((a, b) => b.score - a.score || a.index - b.index);
  const chosen: SectionMatch[] = [];
  let used = 0;
  for (const { section, score } of ranked) {
    const room = Math.min(budget.perSection, budget.perDocument - used);
    if (chosen.length >= budget.maxSections || room < Math.min(MIN_SECTION_ROOM, budget.perSection)) break;
    const excerpt = sectionExcerpt(section, ranking, room);
    chosen.push({ section, label: sectionLabel(doc.title, section.path), excerpt, score });
    used += excerpt.length;
  }
  const opening = sections[0];
  if (chosen.length > 0 || !opening) return chosen;
  return [
    {
      section: opening,
      label: sectionLabel(doc.title, opening.path),
      excerpt: cutText(opening.text, Math.min(budget.perSection, budget.perDocument)),
      score: 0,
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Finding documents by their sections

/** At most this many documents are found by their sections when the whole-document search finds none. */
export const MAX_SECTION_FOUND_DOCUMENTS = 2;

/**
 * The documents, among those the viewer may see, with a section that answers the question, for a chat question the
 * whole-document relevance rule (knowledge.ts `scoreRelevance`) finds nothing for: that rule counts whole query
 * words, so "What eGFR cut-offs apply to metformin?" ("metformin?" with its mark) or "my glucose drops to 62"
 * (no title word) find nothing, and the model would answer without the section that holds the thresholds.
 *
 * A document counts when one of its sections (its heading path and text, with the document's title) names at
 * least two of the question's concepts and at least half of them: one shared word ("what", "blood") is chance.
 * The best first (most concepts, then the document's order); at most MAX_SECTION_FOUND_DOCUMENTS.
 */
export function documentsBySection<D extends { readonly title: string; readonly content: string }>(
  question: string,
  documents: readonly D[],
  sectionsOf: (doc: D) => readonly KnowledgeSection[] = (doc) => splitSections(doc.content),
): D[] {
  const query = sectionQueryOf(question);
  const needed = Math.max(2, Math.ceil(query.concepts.length / 2));
  if (query.concepts.length < 2) return [];
  const found: { doc: D; index: number; hits: number }[] = [];
  documents.forEach((doc, index) => {
    let best = 0;
    for (const section of sectionsOf(doc)) {
      best = Math.max(best, conceptHits(query, `${doc.title}\n${section.path.join('\n')}\n${section.text}`));
    }
    if (best >= needed) found.push({ doc, index, hits: best });
  });
  return found
    .toSorted((a, b) => b.hits - a.hits || a.index - b.index)
    .slice(0, MAX_SECTION_FOUND_DOCUMENTS)
    .map(({ doc }) => doc);
}
