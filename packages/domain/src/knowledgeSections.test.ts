import { describe, expect, it } from 'vitest';
import {
  SECTION_PATH_SEPARATOR,
  conceptHits,
  cutText,
  documentsBySection,
  inlineText,
  linesAsProse,
  markdownAsProse,
  mentionsValue,
  questionKeywords,
  saysWhenToGetCare,
  scoreSectionMatch,
  sectionExcerpt,
  sectionLabel,
  sectionQueryOf,
  selectSections,
  splitSectionLabel,
  splitSections,
  tableAsProse,
  wordStem,
  type KnowledgeSection,
} from './knowledgeSections';

const DOC = [
  '---',
  'id: demo',
  'title: "Demo Drug: A Guide"',
  'accessLevel: [doctor]',
  '---',
  '',
  '> **Educational use only.** Ask your clinician.',
  '',
  '## Overview',
  '',
  'Demo drug lowers blood glucose.',
  '',
  '## Kidney Function',
  '',
  'Check eGFR before starting.',
  '',
  '| eGFR (mL/min) | Action | Monitoring |',
  '|---|---|---|',
  '| ≥60 | Usual dose | Yearly |',
  '| 30–44 | **Do not start.** Halve the dose if already taking | — |',
  '| <30 | Stop | |',
  '',
  '### Dialysis',
  '',
  'Do not use on dialysis.',
  '',
  '## Side Effects',
  '',
  '**Lactic acidosis:**',
  '',
  '- It is rare.',
  '- Risk factors:',
  '  - renal impairment',
  '  - heavy alcohol use',
  '',
  '**Call 911 right away for:**',
  '',
  '- trouble breathing',
  '- severe drowsiness',
  '',
  '## References',
  '',
  '- FDA label, 2016.',
  '',
  '### Further notes',
  '',
  'Reference detail that is not an answer.',
].join('\n');

const sectionAt = (sections: readonly KnowledgeSection[], heading: string): KnowledgeSection => {
  const found = sections.find((s) => s.path.at(-1) === heading);
  if (!found) throw new Error(`no section ${heading}`);
  return found;
};

describe('splitting a document into sections', () => {
  const sections = splitSections(DOC);

  it('starts a section at every heading and keeps the path of headings above it', () => {
    expect(sections.map((s) => s.path)).toEqual([
      [],
      ['Overview'],
      ['Kidney Function'],
      ['Kidney Function', 'Dialysis'],
      ['Side Effects'],
    ]);
  });

  it('leaves out the front matter and the reference list with everything under it', () => {
    const all = sections.map((s) => s.text).join('\n');
    expect(all).not.toMatch(/accessLevel|title:/);
    expect(all).not.toMatch(/FDA label, 2016|Reference detail/);
  });

  it('keeps the text before the first heading as a section without a path, markdown marks removed', () => {
    expect(sections[0]?.text).toBe('Educational use only. Ask your clinician.');
  });

  it('reads a table as prose lines built from its header and cells, a value row under its column name', () => {
    expect(sectionAt(sections, 'Kidney Function').text).toBe(
      [
        'Check eGFR before starting.',
        'eGFR (mL/min) ≥60: Action: Usual dose; Monitoring: Yearly.',
        'eGFR (mL/min) 30–44: Action: Do not start. Halve the dose if already taking.',
        'eGFR (mL/min) <30: Action: Stop.',
      ].join('\n'),
    );
  });

  it('joins short items into the line that introduces them, and keeps sentences as lines of their own', () => {
    const text = sectionAt(sections, 'Side Effects').text;
    expect(text.split('\n')).toEqual([
      'Lactic acidosis:',
      'It is rare.',
      'Risk factors: renal impairment; heavy alcohol use.',
      'Call 911 right away for: trouble breathing; severe drowsiness.',
    ]);
  });

  it('keeps a labelled paragraph with the list under it as one part, so an excerpt never splits them', () => {
    expect(sectionAt(sections, 'Side Effects').parts).toEqual([
      'Lactic acidosis:\nIt is rare.\nRisk factors: renal impairment; heavy alcohol use.',
      'Call 911 right away for: trouble breathing; severe drowsiness.',
    ]);
  });

  it('numbers ordered steps as "1)" so a sentence splitter does not cut at the number', () => {
    const text = markdownAsProse(
      '**Use the 15-15 rule:**\n\n1. Eat 15 grams of sugar. Juice works.\n2. Wait 15 minutes.',
    );
    expect(text.split('\n')).toEqual([
      'Use the 15-15 rule:',
      '1) Eat 15 grams of sugar. Juice works.',
      '2) Wait 15 minutes.',
    ]);
  });

  it('treats a lone level-1 heading at the top as the title, and reads underlined headings', () => {
    const text = '# Guide\n\nIntro.\n\nDosing\n------\n\nTake with food.\n\nKidneys\n---\n\nCheck eGFR.';
    expect(splitSections(text).map((s) => s.path)).toEqual([[], ['Dosing'], ['Kidneys']]);
  });

  it('keeps lines of a code block as text and never reads them as headings', () => {
    const text = '## Setup\n\n```\n# not a heading\n```\n\nDone.';
    expect(splitSections(text)).toEqual([
      { path: ['Setup'], text: '# not a heading\nDone.', parts: ['# not a heading', 'Done.'] },
    ]);
  });

  it('joins the soft-wrapped lines of a paragraph, so a sentence is never cut at a line break', () => {
    expect(markdownAsProse('Check eGFR\nbefore starting\nand yearly.')).toBe(
      'Check eGFR before starting and yearly.',
    );
  });

  it('reads a list that follows its lead-in without a blank line, with continuation lines', () => {
    const text = 'Call your team if:\n- a sore does not heal\n  after a week\n- you vomit';
    expect(markdownAsProse(text)).toBe('Call your team if: a sore does not heal after a week; you vomit.');
  });

  it('reads loose lists, nested items, rules, a table after its lead-in and an unclosed front matter', () => {
    const text = [
      '---',
      'title: never closed',
      '',
      '## Steps',
      '',
      '- first step',
      '',
      '  still the first step',
      '- second step:',
      '  - part a',
      '- third step',
      '',
      '***',
      '',
      'Targets:',
      '| Test | Goal |',
      '|---|---|',
      '| A1C | <7% |',
      '',
      '**Watch for:**',
      '',
      'A paragraph ends the label.',
      '',
      '## References',
      '### Sources',
      'Cited text.',
      '## After the references',
      'Answers again.',
    ].join('\n');
    // A front matter that never closes is text: nothing is lost.
    const sections = splitSections(text);
    expect(sections.map((s) => s.path)).toEqual([[], ['Steps'], ['After the references']]);
    expect(sections[1]?.text.split('\n')).toEqual([
      'first step still the first step',
      'second step: part a.',
      'third step',
      'Targets:',
      'A1C: Goal: <7%.',
      'Watch for:',
      'A paragraph ends the label.',
    ]);
  });

  it('reads the corners of markdown: lists ending the text or a heading, tags, blank code lines, two titles', () => {
    expect(markdownAsProse('Bring:\n- a meter\n- snacks\n\n')).toBe('Bring: a meter; snacks.');
    expect(splitSections('- one\n## Next\nText.').map((s) => s.text)).toEqual(['one', 'Text.']);
    expect(markdownAsProse('<br>\n\nKept.')).toBe('Kept.');
    expect(markdownAsProse('```\nline one\n\nline two\n```')).toBe('line one\nline two');
    expect(splitSections('Title A\n===\n\nOne.\n\nTitle B\n===\n\nTwo.').map((s) => s.path)).toEqual([
      ['Title A'],
      ['Title B'],
    ]);
    expect(markdownAsProse('| Note |\n|---|\n| Done. |')).toBe('Done.');
    expect(
      markdownAsProse('**Watch for:**\n\n- a\n\n| Sign | Act |\n|---|---|\n| b | call |').split('\n'),
    ).toEqual(['Watch for: a.', 'b: Act: call.']);
    expect(
      splitSections('**Watch for:**\n\n- a\n\n| Sign | Act |\n|---|---|\n| b | call |')[0]?.parts,
    ).toHaveLength(1);
    expect(linesAsProse('one\n\n  \ntwo')).toEqual(['one', 'two']);
  });

  it('gives no section and no crash for empty, blank, binary or heading-only text', () => {
    expect(splitSections('')).toEqual([]);
    expect(splitSections('\n\n  \n')).toEqual([]);
    expect(splitSections('## Only a heading\n### And another')).toEqual([]);
    expect(() => splitSections('\u0000\u0001\uFFFD|||\n|---|\n#\n- \n```')).not.toThrow();
    expect(() => splitSections('x'.repeat(200_000))).not.toThrow();
  });
});

describe('tables as prose', () => {
  it('works for any table: a text first cell is the subject, empty cells and dashes are left out', () => {
    expect(
      tableAsProse(
        ['', 'Immediate-release', 'Extended-release'],
        [
          ['Starting dose', '500 mg twice daily.', '500 mg with the evening meal'],
          ['Maximum', '2550 mg/day', '—'],
        ],
      ),
    ).toEqual([
      'Starting dose: Immediate-release: 500 mg twice daily; Extended-release: 500 mg with the evening meal.',
      'Maximum: Immediate-release: 2550 mg/day.',
    ]);
  });

  it('reads a row without a subject from its cells, and skips a row with nothing in it', () => {
    expect(
      tableAsProse(
        ['Test', 'Goal'],
        [
          ['', 'Below 7%'],
          ['—', ''],
        ],
      ),
    ).toEqual(['Goal: Below 7%.']);
  });

  it('reads table rows in text that is otherwise prose, line by line', () => {
    const text = '## Targets\n| Test | Goal |\n|---|---|\n| A1C | <7% |\n- **Check** yearly';
    expect(linesAsProse(text)).toEqual(['Targets', 'A1C: Goal: <7%.', 'Check yearly']);
    expect(linesAsProse('| a | b |\n| 1 | 2 |')).toEqual(['a: b.', '1: 2.']);
  });

  it('removes inline markdown: links keep their text, emphasis and tags go', () => {
    expect(inlineText('See [the label](http://x) and **bold** `code`<br>next <b>tag</b>')).toBe(
      'See the label and bold code next tag',
    );
  });
});

describe('what a question asks about', () => {
  it('finds kidney questions in renal and eGFR text, as one concept', () => {
    const query = sectionQueryOf('Can I keep a patient with kidney disease on metformin?');
    expect(query.concepts.map((c) => c.name)).toEqual(['kidney', 'keep', 'disease', 'metformin']);
    expect(conceptHits(query, 'Stop when eGFR is below 30.')).toBe(1);
    expect(conceptHits(query, 'In renal impairment, reduce the dose.')).toBe(1);
  });

  it('reads "low sugar" as low blood sugar, found as hypoglycaemia or a reading below 70 mg/dL', () => {
    for (const question of [
      'what do I do about a low sugar reading',
      'how do I treat a hypo',
      'my glucose is dropping',
    ]) {
      const query = sectionQueryOf(question);
      expect(query.concepts.map((c) => c.name)).toContain('low blood sugar');
      expect(conceptHits(query, 'Hypoglycaemia needs fast sugar.')).toBeGreaterThan(0);
      expect(conceptHits(query, 'If your blood sugar is below 70 mg/dL, eat 15 grams.')).toBeGreaterThan(0);
    }
    // The words are used up by the group: "sugar" alone does not match the eating advice.
    expect(conceptHits(sectionQueryOf('low sugar'), 'Limit added sugar.')).toBe(0);
  });

  it('reads numbers by value, range and bound, not the digits inside a word like A1C', () => {
    expect(mentionsValue('eGFR 30–44: do not start', 35)).toBe(true);
    expect(mentionsValue('eGFR 45-59: continue', 35)).toBe(false);
    expect(mentionsValue('Contraindicated below 30', 25)).toBe(true);
    expect(mentionsValue('eGFR ≥60: usual dose', 72)).toBe(true);
    expect(mentionsValue('Check 2 times a day', 2)).toBe(true);
    expect(mentionsValue('A1C test', 1)).toBe(false);
    expect(sectionQueryOf('A1C and T2D').concepts.map((c) => c.name)).toEqual(['a1c', 't2d']);
    expect(sectionQueryOf('metformin eGFR 35').concepts.map((c) => c.name)).toEqual([
      'kidney',
      '35',
      'metformin',
    ]);
  });

  it('leaves out filler words and stems the rest, so "readings" finds "reading" but "reading" not "read"', () => {
    expect(questionKeywords('What are the THRESHOLDS for this, please?')).toEqual(['thresholds']);
    expect(wordStem('thresholds')).toBe('threshold');
    expect(wordStem('treating')).toBe('treat');
    expect(wordStem('reading')).toBe('reading');
    expect(wordStem('glass')).toBe('glass');
    expect(conceptHits(sectionQueryOf('readings'), 'Read food labels.')).toBe(0);
    expect(conceptHits(sectionQueryOf('readings'), 'A reading below 70.')).toBe(1);
  });

  it('counts at most four numbers of a question', () => {
    const names = sectionQueryOf('readings 101 102 103 104 105').concepts.map((c) => c.name);
    expect(names).toEqual(['101', '102', '103', '104', 'readings']);
  });

  it('gives no concept for empty, emoji-only or filler-only questions', () => {
    for (const question of ['', '   ', '🙂🙂', 'what is the'])
      expect(sectionQueryOf(question).concepts).toEqual([]);
  });

  it('scores a concept in a heading above one in passing text', () => {
    const query = sectionQueryOf('kidney');
    expect(scoreSectionMatch(query, { heading: 'Renal Thresholds', text: 'Check eGFR.' })).toBe(4);
    expect(scoreSectionMatch(query, { heading: 'Contrast', text: 'Check eGFR.' })).toBe(1);
    expect(scoreSectionMatch(query, { heading: 'Diet', text: 'Eat well.' })).toBe(0);
  });

  it('knows text that says when to get emergency or urgent care', () => {
    expect(saysWhenToGetCare('Call 911 right away.')).toBe(true);
    expect(saysWhenToGetCare('Seek urgent care.')).toBe(true);
    expect(saysWhenToGetCare('Eat a snack.')).toBe(false);
  });
});

describe('choosing the sections that answer a question', () => {
  const doc = { title: 'Demo Drug: A Guide', content: DOC };
  const budget = { perDocument: 2_000, perSection: 1_000, maxSections: 3 };

  it('puts the section whose heading names the question first, labelled with the title and path', () => {
    const chosen = selectSections(doc, 'Can I give demo drug with kidney disease?', budget);
    expect(chosen[0]?.label).toBe(`Demo Drug: A Guide${SECTION_PATH_SEPARATOR}Kidney Function`);
    expect(chosen[0]?.excerpt).toContain('eGFR (mL/min) 30–44: Action: Do not start.');
    expect(chosen.map((m) => m.label)).toContain('Demo Drug: A Guide › Side Effects');
  });

  it('leaves out what the title names: it says which document, not which section', () => {
    // "demo drug" is every section's document title: counted, the overview (which names it) would come first.
    const chosen = selectSections(doc, 'demo drug lactic acidosis', budget);
    expect(chosen.map((m) => m.section.path)).toEqual([['Side Effects']]);
  });

  it('ranks by the title words when the question asks nothing else', () => {
    const chosen = selectSections(doc, 'demo drug', budget);
    expect(chosen[0]?.section.path).toEqual(['Overview']);
  });

  it("finds the row of a threshold table whose range holds the question's number", () => {
    const chosen = selectSections(doc, 'eGFR 35', budget);
    expect(chosen[0]?.section.path).toEqual(['Kidney Function']);
  });

  it('gives the opening section when nothing matches, and nothing for an empty document', () => {
    const chosen = selectSections(doc, 'what about sleep', budget);
    expect(chosen).toHaveLength(1);
    expect(chosen[0]).toMatchObject({ label: 'Demo Drug: A Guide', score: 0 });
    expect(selectSections({ title: 'Empty', content: '' }, 'kidney', budget)).toEqual([]);
  });

  it('stays within the budget: sections per document, characters per section and per document', () => {
    const many = Array.from(
      { length: 6 },
      (_, i) => `## Kidney ${i}\n\n${'Check eGFR often. '.repeat(40)}`,
    ).join('\n\n');
    const chosen = selectSections({ title: 'Many', content: many }, 'kidney', {
      perDocument: 1_500,
      perSection: 600,
      maxSections: 5,
    });
    expect(chosen.length).toBeLessThanOrEqual(5);
    for (const match of chosen) expect(match.excerpt.length).toBeLessThanOrEqual(600);
    expect(chosen.reduce((sum, m) => sum + m.excerpt.length, 0)).toBeLessThanOrEqual(1_500);
    expect(
      selectSections({ title: 'Many', content: many }, 'kidney', { ...budget, maxSections: 2 }),
    ).toHaveLength(2);
  });
});

describe('the excerpt of a long section', () => {
  const section: KnowledgeSection = {
    path: ['Low Blood Sugar'],
    parts: [
      'Lows are common with insulin.',
      'Signs: shakiness; sweating; hunger.',
      'Use the 15-15 rule: eat 15 grams of sugar, wait 15 minutes, recheck.',
      'Call 911 if the person faints or cannot swallow.',
    ],
    text: '',
  };
  const whole = { ...section, text: section.parts.join('\n') };

  it('is the whole section when it fits', () => {
    expect(sectionExcerpt(whole, sectionQueryOf('shakiness'), 1_000)).toBe(whole.text);
  });

  it('keeps the parts that match, and the part saying when to call 911, in their order', () => {
    const excerpt = sectionExcerpt(whole, sectionQueryOf('15-15 rule sugar'), 120);
    expect(excerpt).toBe(
      'Use the 15-15 rule: eat 15 grams of sugar, wait 15 minutes, recheck.\nCall 911 if the person faints or cannot swallow.',
    );
  });

  it('cuts the best part at a sentence end when it alone is too long', () => {
    const long = {
      ...whole,
      parts: ['First sentence here. Second sentence is much longer than the rest.'],
      text: 'x'.repeat(500),
    };
    expect(sectionExcerpt(long, sectionQueryOf('sentence'), 30)).toBe('First sentence here.');
  });
});

describe('cutting text', () => {
  it('keeps text that fits, cuts at a line or sentence end past half the limit, else at the limit', () => {
    expect(cutText('Short.', 10)).toBe('Short.');
    expect(cutText('One two. Three four five six.', 15)).toBe('One two.');
    expect(cutText('abcdefghijklmnop', 5)).toBe('abcde');
  });

  it('never cuts a surrogate pair in half', () => {
    const text = `${'a'.repeat(9)}😀 and more`;
    expect(cutText(text, 10)).toBe('a'.repeat(9));
  });
});

describe('section labels', () => {
  it('join the title and path, leave out a heading that repeats the title, and read back', () => {
    expect(sectionLabel('Metformin', ['Metformin', 'Renal'])).toBe('Metformin › Renal');
    expect(sectionLabel('  Two   spaces ', [])).toBe('Two spaces');
    expect(splitSectionLabel('Metformin: A › Renal › eGFR')).toEqual({
      title: 'Metformin: A',
      section: 'Renal › eGFR',
    });
    expect(splitSectionLabel('Metformin')).toEqual({ title: 'Metformin', section: '' });
  });
});

describe('finding documents by their sections', () => {
  const demo = { title: 'Demo Drug: A Guide', content: DOC };
  const other = {
    title: 'Sleep Basics',
    content:
      '## Routine\n\nKeep a regular bedtime and a dark, quiet room.\n\n## Naps\n\nShort naps help some people.',
  };

  it('finds a document whose section answers a question the whole-document rule misses', () => {
    expect(documentsBySection('What eGFR cut-offs apply to demo drug?', [other, demo])).toEqual([demo]);
  });

  it("needs at least two of the question's concepts in one section: one shared word is chance", () => {
    expect(documentsBySection('eGFR?', [demo])).toEqual([]);
    expect(
      documentsBySection('what about my kidney and my holiday plans in spain this summer', [demo]),
    ).toEqual([]);
  });

  it('ranks the document with more concepts first and keeps at most two', () => {
    const both = { title: 'Demo Drug and Sleep', content: DOC };
    const found = documentsBySection('demo drug kidney dialysis eGFR', [other, demo, both, demo]);
    expect(found).toHaveLength(2);
    expect(found).not.toContain(other);
  });

  it('finds nothing in no documents, for an empty or a one-word question', () => {
    expect(documentsBySection('kidney eGFR', [])).toEqual([]);
    expect(documentsBySection('', [demo])).toEqual([]);
    expect(documentsBySection('   ', [demo])).toEqual([]);
  });
});
