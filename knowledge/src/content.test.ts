/**
 * The clinical content review of REQ-kb-content (docs/clinical-safety.md, "Content review"): the safety facts each
 * bundled document must state, and that every threshold a table gives is also written in prose, because the
 * demo model and section retrieval read prose and may drop table rows.
 */
import { describe, expect, it } from 'vitest';
import { loadKnowledge } from './node';

function knowledge() {
  const loaded = loadKnowledge();
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value;
}

/** A document's `## ` sections: heading and body lines. */
function sectionsOf(markdown: string): { heading: string; lines: string[] }[] {
  const sections: { heading: string; lines: string[] }[] = [];
  for (const line of markdown.split('\n')) {
    if (line.startsWith('## ')) sections.push({ heading: line.slice(3).trim(), lines: [] });
    else sections.at(-1)?.lines.push(line);
  }
  return sections;
}

function section(docId: string, heading: RegExp) {
  const doc = knowledge().documents.find((d) => d.id === docId);
  if (!doc) throw new Error(`no document ${docId}`);
  const found = sectionsOf(doc.content).find((s) => heading.test(s.heading));
  if (!found) throw new Error(`${docId}: no section whose heading matches ${heading}`);
  const isTableLine = (line: string) => line.trimStart().startsWith('|');
  return {
    heading: found.heading,
    prose: found.lines.filter((l) => !isTableLine(l)).join('\n'),
    /** Table body rows: the header row and the |---| separator left out. */
    tableRows: found.lines
      .filter(isTableLine)
      .filter((_, i, rows) => i > 0 && !/^\|[\s|:-]+\|$/.test(rows[i]!)),
  };
}

/** The numbers in a text, e.g. '30–44' gives 30 and 44, '≥60' gives 60, '1.73' gives 1.73. */
const numbersIn = (text: string) => new Set(text.match(/\d+(?:\.\d+)?/g) ?? []);

describe('safety thresholds in tables are also written in prose', () => {
  it.each([
    ['metformin', /eGFR/],
    ['diabetes-type2-diagnostics', /^Diagnostic Thresholds/],
    ['hypertension-management', /^Blood Pressure Categories/],
    ['diabetes-lifestyle-treatment', /^Monitoring Your Diabetes/],
  ])('%s, section %s: every number of the table appears in the prose', (docId, heading) => {
    const { prose, tableRows } = section(docId, heading);
    expect(tableRows.length).toBeGreaterThan(0);
    const inProse = numbersIn(prose);
    for (const row of tableRows) {
      for (const n of numbersIn(row)) expect(inProse.has(n), `${n} from "${row}"`).toBe(true);
    }
  });

  it('the severe hypertension section names the emergency signs in prose, outside its table', () => {
    const { prose } = section('hypertension-management', /^Severe Hypertension/);
    for (const sign of [
      /chest pain/,
      /back pain/,
      /shortness of breath/,
      /weakness or numbness/,
      /vision/,
      /speaking/,
    ]) {
      expect(prose).toMatch(sign);
    }
    expect(prose).toMatch(/call 911/);
    expect(prose).toMatch(/after 5 minutes/);
  });
});

describe('metformin: kidney function', () => {
  it('keeps "eGFR", "Kidney" or "Renal" in the heading of its kidney section', () => {
    expect(section('metformin', /eGFR|Kidney|Renal/).heading).toMatch(/eGFR/);
  });

  it("separates the label's 'do not start at 30-45' from KDIGO's half dose at 30-44, and stops below 30", () => {
    const { prose } = section('metformin', /eGFR/);
    expect(prose).toMatch(/do not start metformin when eGFR is below 45/);
    expect(prose).toMatch(/30–44[^\n]*halve the dose[^\n]*KDIGO/);
    expect(prose).toMatch(/below 30[^\n]*contraindicated/);
  });

  it('tells patients to stop and seek urgent care on lactic acidosis symptoms, and names liver impairment', () => {
    const { prose } = section('metformin', /^Adverse Effects/);
    expect(prose).toMatch(/stop metformin and get urgent care/);
    expect(prose).toMatch(/\*\*Liver impairment:\*\*[^\n]*hepatic disease/);
  });
});

describe('hypertension: pregnancy and angioedema', () => {
  it('puts the severe range in pregnancy and after birth at 160/110', () => {
    const { prose } = section('hypertension-management', /Pregnancy/);
    expect(prose).toMatch(/160\/110/);
    expect(prose).toMatch(/postpartum/);
  });

  it('treats ACE-inhibitor angioedema as an emergency', () => {
    const { prose } = section('hypertension-management', /^First-Line Drug Classes/);
    expect(prose).toMatch(/angioedema is an emergency[^\n]*call 911/);
  });
});

describe('diabetes lifestyle: lows, DKA, vision, remission and eye exams', () => {
  it('states the 15-15 rule and when to call 911 in prose under a "Low Blood Sugar" heading', () => {
    const { heading, prose } = section('diabetes-lifestyle-treatment', /Low Blood Sugar/);
    expect(heading).toMatch(/Low Blood Sugar/);
    expect(prose).toMatch(/15 grams/);
    expect(prose).toMatch(/Wait 15 minutes, then recheck/);
    expect(prose).toMatch(/still below 70 mg\/dL/);
    expect(prose).toMatch(/snack or your next meal/);
    expect(prose).toMatch(/\*\*When to call 911:\*\*/);
    expect(prose).toMatch(/unconscious or cannot swallow[^\n]*glucagon[^\n]*call 911/);
  });

  it('names the signs of diabetic ketoacidosis and sends them to emergency care', () => {
    const { prose } = section('diabetes-lifestyle-treatment', /Ketoacidosis/);
    for (const sign of [/vomiting/, /deep or fast breathing/, /fruity/, /confused/])
      expect(prose).toMatch(sign);
    expect(prose).toMatch(/call 911 or go to the emergency department/);
  });

  it('treats a sudden change in vision as urgent, not a question for the next visit', () => {
    const { prose } = section('diabetes-lifestyle-treatment', /^When to Call/);
    expect(prose).toMatch(/Call emergency services[\s\S]*sudden loss of or change in vision/);
  });

  it('defines remission as an A1C below 6.5% at least 3 months after stopping glucose-lowering medicines', () => {
    const { prose } = section('diabetes-lifestyle-treatment', /^Weight Management/);
    expect(prose).toMatch(
      /A1C below 6\.5% measured at least 3 months after stopping all glucose-lowering medicines/,
    );
  });

  it('has eye exams yearly, every 1-2 years only without retinopathy', () => {
    const { prose } = section('diabetes-lifestyle-treatment', /^Monitoring Your Diabetes/);
    expect(prose).toMatch(/then every year/);
    expect(prose).toMatch(/no retinopathy[^\n]*every 1–2 years/);
  });
});

describe('the patient-facing metformin item', () => {
  it('is public drug information a patient can read, covering sick days, contrast scans and warning signs', () => {
    const item = knowledge().builtinItems.find((i) => i.id === 'drug-info-metformin');
    expect(item).toMatchObject({ category: 'drug_information', sensitivityLevel: 'public' });
    expect(item?.requiredRole).toContain('patient');
    expect(item?.content).toMatch(/Sick days:/);
    expect(item?.content).toMatch(/contrast dye/);
    expect(item?.content).toMatch(/lactic acidosis[^.]*emergency/);
    expect(item?.content).toMatch(/call 911/);
  });
});
