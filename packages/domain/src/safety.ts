/**
 * Red-flag symptoms (assistant issue: "red-flag symptoms ... show an emergency banner with 'For emergencies,
 * call 911' before any model call, on every such prompt"). Matching is deliberately broad: a false alarm costs
 * a banner, a miss could cost a life.
 */

/** Each red flag: a name for the audit trail and the patterns that reveal it. */
export const RED_FLAGS: readonly { readonly flag: string; readonly patterns: readonly RegExp[] }[] = [
  { flag: 'chest pain', patterns: [/chest (pain|pressure|tightness)/, /crushing .*chest/, /heart attack/] },
  {
    flag: 'stroke signs',
    patterns: [/stroke/, /face (is )?droop/, /slurred speech/, /(sudden|one[- ]sided) (numbness|weakness)/],
  },
  {
    flag: 'suicidal thoughts',
    patterns: [/suicid/, /kill (myself|me)/, /end (my|it all)( life)?/, /self[- ]harm/, /want to die/],
  },
  {
    flag: 'severe bleeding',
    patterns: [/(severe|heavy|uncontrolled|won'?t stop) bleeding/, /bleeding (heavily|a lot)/],
  },
  {
    flag: 'anaphylaxis',
    patterns: [/anaphyla/, /(throat|tongue|lips?) (is |are )?(swelling|swollen|closing)/, /epipen/],
  },
  {
    flag: 'breathing difficulty',
    patterns: [
      /can'?t breathe/,
      /cannot breathe/,
      /(trouble|difficulty) breathing/,
      /short(ness)? of breath/,
      /choking/,
    ],
  },
  { flag: 'unconsciousness', patterns: [/unconscious/, /passed out/, /not breathing/, /unresponsive/] },
  { flag: 'seizure', patterns: [/seizure/, /convuls/] },
  { flag: 'overdose or poisoning', patterns: [/overdos/, /poison/] },
];

/** The red flags a message raises, in the order above; empty when none. */
export function detectRedFlags(message: string): string[] {
  const text = message.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ');
  return RED_FLAGS.filter(({ patterns }) => patterns.some((p) => p.test(text))).map(({ flag }) => flag);
}

/** Whether a message needs the emergency banner. */
export const isEmergency = (message: string): boolean => detectRedFlags(message).length > 0;
