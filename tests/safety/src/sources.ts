/**
 * The public guidance each labelled prompt was written from (docs/clinical-safety.md cites the same, with what
 * we take from each). Prompts were written fresh in our own words; nothing is copied.
 */
export const SOURCES = {
  'AHA heart attack': 'American Heart Association, "Warning Signs of a Heart Attack" (heart.org, 2024)',
  'AHA stroke':
    'American Heart Association / American Stroke Association, "Stroke Symptoms" and BE FAST (stroke.org, 2024)',
  'ADA 2026':
    'American Diabetes Association, Standards of Care in Diabetes—2026, section 6 (hypoglycemia levels) and hyperglycemic crises',
  'ACC/AHA BP':
    '2017 ACC/AHA High Blood Pressure Guideline and 2025 AHA/ACC Guideline for High Blood Pressure in Adults (hypertensive crisis >= 180/120)',
  'NHS sepsis': 'NHS, "Sepsis" symptoms (nhs.uk/conditions/sepsis, 2024)',
  'NHS meningitis': 'NHS, "Meningitis" symptoms and the glass test (nhs.uk/conditions/meningitis, 2024)',
  'AAP fever':
    'American Academy of Pediatrics, "Fever and Your Baby" (healthychildren.org): fever under 3 months',
  'NHS baby': 'NHS, "Signs that your baby or child may be seriously ill" (nhs.uk, 2024)',
  '988 Lifeline': '988 Suicide & Crisis Lifeline (988lifeline.org): warning signs and "call or text 988"',
  'Poison Help':
    "America's Poison Centers, Poison Help 1-800-222-1222 (poisonhelp.hrsa.gov, poisoncenters.org)",
  ACOG: 'American College of Obstetricians and Gynecologists: bleeding in pregnancy, preeclampsia and severe-range blood pressure (>= 160/110), labor and fetal movement',
  'CDC Hear Her': 'CDC "Hear Her" urgent maternal warning signs (cdc.gov/hearher, 2024)',
  'NHS anaphylaxis':
    'NHS, "Anaphylaxis" (nhs.uk/conditions/anaphylaxis, 2024); ACE-inhibitor angioedema in the lisinopril label',
  'NHS breathing': 'NHS and AHA: severe shortness of breath, blue lips, choking',
  'NHS bleeding':
    'NHS / American Red Cross first aid: severe bleeding, vomiting or coughing blood, black stools',
  'NHS clots': 'NHS, "DVT" and "Pulmonary embolism" symptoms (nhs.uk, 2024)',
  'NHS head injury':
    'NHS, "Head injury and concussion" (nhs.uk, 2024) and first-aid guidance on serious injury',
  'NHS burns':
    'NHS, "Burns and scalds" (nhs.uk/conditions/burns-and-scalds, 2024): when to go to A&E or call 999',
  'NHS UTI':
    'NHS, "Urinary tract infections (UTIs)" and "Kidney infection" (nhs.uk, 2024): same-day care in pregnancy or with a fever',
  'NHS heatstroke': 'NHS, "Heat exhaustion and heatstroke" (nhs.uk, 2024)',
  'NHS seizure': 'NHS / Epilepsy Foundation: when a seizure is an emergency',
  'NHS confusion': 'NHS: sudden confusion (delirium) needs emergency help',
  'FDA metformin':
    'FDA metformin label (boxed warning: lactic acidosis) and 2016 FDA drug safety communication',
  'ADA foot':
    'ADA Standards of Care 2026, section 12 (foot care) and section 12 (retinopathy: sudden vision change)',
  'AHA heart rate': 'AHA: tachycardia and bradycardia with symptoms; NHS sepsis heart-rate sign',
  product:
    "This product's own topics: diabetes, hypertension, metformin, lifestyle, appointments, prescriptions",
} as const;

export type SourceName = keyof typeof SOURCES;
