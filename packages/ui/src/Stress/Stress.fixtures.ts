import type { MedicalRecord, Prescription } from '@sentinel/domain';

/**
 * Stress content for the Stress/* stories (REQ-screen-a11y, REQ-screen-states): German-length labels (German
 * runs about 1.4 times as long as English and joins nouns into single long words), a 60-character patient
 * name, a 2,000-word record note, and a prescription with long instructions. Fixed text, no random parts, so
 * every run and every screenshot is the same. The German is our own plain wording of everyday clinical notes.
 */

/** English label and the German a translator would give it: the German is the stress case. */
export type StressLabel = { readonly english: string; readonly german: string };

export const STRESS_BUTTONS: readonly StressLabel[] = [
  { english: 'Download results', german: 'Blutdruckmessungsergebnisse herunterladen' },
  { english: 'Request refill', german: 'Rezeptverlängerung beantragen' },
  { english: 'Sign agreement', german: 'Behandlungsvereinbarung unterschreiben' },
];

export const STRESS_TABS: readonly StressLabel[] = [
  { english: 'Health Overview', german: 'Gesundheitsübersicht' },
  { english: 'Medical Records', german: 'Medizinische Aufzeichnungen' },
  { english: 'Prescriptions and Refills', german: 'Verschreibungen und Rezeptverlängerungen' },
  { english: 'Appointments', german: 'Terminvereinbarungen' },
  { english: 'Emergency Access Logs', german: 'Notfallzugriffsprotokolle' },
  { english: 'Privacy Settings', german: 'Datenschutzeinstellungen' },
];

export const STRESS_BADGES: readonly StressLabel[] = [
  { english: 'Restricted', german: 'Vertraulichkeitsstufe: eingeschränkt' },
  { english: 'Emergency access', german: 'Notfallzugriff gewährt' },
  { english: 'Refill pending', german: 'Rezeptverlängerungsanfrage ausstehend' },
];

export type StressTile = StressLabel & { readonly value: string; readonly hint: string };

export const STRESS_TILES: readonly StressTile[] = [
  {
    english: 'Blood pressure, last 30 days',
    german: 'Blutdruckmessungsergebnisse der letzten dreißig Tage',
    value: '120/80 mmHg',
    hint: 'Durchschnittswert aller Heimmessungen',
  },
  {
    english: 'Registered user accounts',
    german: 'Gesamtzahl der registrierten Benutzerkonten',
    value: '1.247',
    hint: 'Einschließlich vorübergehend deaktivierter Konten',
  },
  {
    english: 'Pending refills',
    german: 'Ausstehende Rezeptverlängerungsanfragen',
    value: '12',
    hint: 'Älteste Anfrage vor drei Tagen',
  },
  {
    english: 'Interactions',
    german: 'Arzneimittelwechselwirkungswarnungen',
    value: '3',
    hint: 'Schwerwiegend: eine',
  },
];

export const STRESS_DIALOG_TITLE: StressLabel = {
  english: 'Drug interaction check complete',
  german: 'Arzneimittelwechselwirkungsprüfung für die Dauermedikation abgeschlossen',
};

export const STRESS_DIALOG_DESCRIPTION =
  'Die Überprüfung aller Dauermedikamente auf Wechselwirkungen ist abgeschlossen. Bitte besprechen Sie ' +
  'die Ergebnisse mit Ihrer Hausärztin, bevor Sie etwas an der Einnahme ändern.';

/** Exactly 60 characters: a double first name, a particle and a double-barrelled family name. */
export const STRESS_PATIENT_NAME = 'Maximiliane-Friederike von Hohenzollern-Sigmaringen-Osterode';

export type StressTableRow = {
  readonly id: string;
  readonly medication: string;
  readonly instructions: string;
  readonly prescriber: string;
  readonly status: string;
};

export const STRESS_TABLE_COLUMNS = {
  medication: 'Medikamentenbezeichnung',
  instructions: 'Dosierungsanweisungen',
  prescriber: 'Verschreibende Ärztin',
  status: 'Verschreibungsstatus',
} as const;

export const STRESS_TABLE_ROWS: readonly StressTableRow[] = [
  {
    id: 'rx-de-1',
    medication: 'Metforminhydrochlorid Retardtabletten 1000 mg',
    instructions: 'Zweimal täglich zu den Hauptmahlzeiten unzerkaut mit ausreichend Flüssigkeit einnehmen',
    prescriber: 'Dr. med. Karoline Schwarzenbach-Oberhuber',
    status: 'Rezeptverlängerungsanfrage ausstehend',
  },
  {
    id: 'rx-de-2',
    medication: 'Amlodipinbesilat 5 mg',
    instructions: 'Einmal täglich morgens; bei Schwindelgefühl Blutdruckselbstmessung durchführen',
    prescriber: 'Dr. med. Karoline Schwarzenbach-Oberhuber',
    status: 'Aktiv',
  },
];

/**
 * Sentences of a long follow-up note, in our own words. The note repeats them in order until it reaches
 * 2,000 words, numbering each paragraph so a reader (and a test) can tell the first from the last.
 */
const NOTE_SENTENCES = [
  'Die Patientin stellt sich zur vierteljährlichen Verlaufskontrolle ihres Typ-2-Diabetes vor.',
  'Sie berichtet über gelegentliche Müdigkeit am Nachmittag, jedoch ohne Unterzuckerungssymptome.',
  'Die Blutzuckerselbstmessungen der letzten vier Wochen lagen nüchtern überwiegend im Zielbereich.',
  'Die Medikamenteneinnahme erfolgt nach eigenen Angaben regelmäßig und ohne Unverträglichkeiten.',
  'Bei der körperlichen Untersuchung zeigen sich unauffällige Fußpulse beidseits und keine Druckstellen.',
  'Die Ernährungsberatung wurde vor zwei Monaten abgeschlossen und die Empfehlungen werden umgesetzt.',
  'Wir besprechen die Bedeutung regelmäßiger Bewegung von mindestens hundertfünfzig Minuten pro Woche.',
  'Eine augenärztliche Kontrolluntersuchung ist für das kommende Quartal vereinbart.',
  'Die Nierenfunktionswerte sind stabil, die Urinuntersuchung auf Eiweiß war unauffällig.',
  'Die Patientin wird gebeten, bei anhaltender Müdigkeit oder neuen Beschwerden früher vorzusprechen.',
];

/** Word count the note reaches: at the stress level the issue asks for. */
export const STRESS_NOTE_WORDS = 2_000;

/** Words as a reader counts them: runs of characters between white space. */
export const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * The note as numbered paragraphs ("Absatz 1." ...) separated by blank lines, exactly `words` words long (at
 * least 3); a sentence cut short by the count still ends with a full stop.
 */
export function stressNote(words: number = STRESS_NOTE_WORDS): string {
  const paragraphs: string[][] = [];
  let total = 0;
  for (let index = 0; total < words; index += 1) {
    const sentence = NOTE_SENTENCES[index % NOTE_SENTENCES.length]!;
    if (index % NOTE_SENTENCES.length === 0 && words - total >= 3) {
      paragraphs.push([`Absatz ${paragraphs.length + 1}.`]);
      total += 2;
    }
    const taken = sentence.split(' ').slice(0, words - total);
    const text = taken.join(' ');
    paragraphs.at(-1)!.push(text.endsWith('.') ? text : `${text.replace(/[,;:]$/, '')}.`);
    total += taken.length;
  }
  return paragraphs.map((paragraph) => paragraph.join(' ')).join('\n\n');
}

/** A visit note with the 2,000-word note, the 60-character name, and every vital sign. */
export const STRESS_RECORD: MedicalRecord = {
  id: 'rec-stress-1',
  recordType: 'visit-note',
  title: 'Verlaufskontrolle Diabetes mellitus Typ 2 mit Medikamentenüberprüfung',
  description: stressNote(),
  patientName: STRESS_PATIENT_NAME,
  patientEmail: 'maximiliane.hohenzollern-sigmaringen@beispiel-klinik.example',
  patientId: 'P-4F7A21',
  doctor: 'Dr. med. Karoline Schwarzenbach-Oberhuber',
  date: '2026-10-03',
  status: 'active',
  confidentialityLevel: 'sensitive',
  vitals: { bloodPressure: '128/82', heartRate: 74, temperature: 98.4, weight: 71, height: 168 },
};

/** A prescription with long instructions and several side effects and interactions. */
export const STRESS_PRESCRIPTION: Prescription = {
  id: 'rx-stress-1',
  patientName: STRESS_PATIENT_NAME,
  patientEmail: 'maximiliane.hohenzollern-sigmaringen@beispiel-klinik.example',
  patientId: 'P-4F7A21',
  medication: 'Metforminhydrochlorid Retardtabletten',
  dosage: '1000 mg',
  frequency: 'Twice daily',
  duration: '90 Tage',
  instructions:
    'Zweimal täglich zu den Hauptmahlzeiten unzerkaut mit einem Glas Wasser einnehmen. Vor Untersuchungen ' +
    'mit jodhaltigem Kontrastmittel und vor geplanten Operationen nach Rücksprache mit der behandelnden ' +
    'Ärztin pausieren. Bei anhaltendem Erbrechen, Durchfall oder starker Flüssigkeitsabgabe die Einnahme ' +
    'unterbrechen und ärztlichen Rat einholen.',
  prescribedBy: 'Dr. med. Karoline Schwarzenbach-Oberhuber',
  prescribedDate: '2026-10-03',
  startDate: '2026-10-04',
  endDate: '2027-01-02',
  status: 'active',
  refillsAllowed: 3,
  refillsUsed: 1,
  pharmacy: 'Apotheke am Marktplatz, Hauptstraße 12, 72488 Sigmaringen',
  sideEffects: [
    'Magen-Darm-Beschwerden wie Übelkeit, Völlegefühl oder Durchfall, meist in den ersten Behandlungswochen',
    'Metallischer Geschmack im Mund',
    'Selten: Vitamin-B12-Mangel bei Langzeitanwendung',
  ],
  interactions: [
    'Jodhaltige Röntgenkontrastmittel: Einnahme vorher pausieren',
    'Alkohol: erhöhtes Risiko einer Laktatazidose',
  ],
};
