/**
 * The frame around a matched concept (docs/clinical-safety.md, "Negation, questions and history"): "no chest
 * pain" is not chest pain, "what are the signs of a stroke?" is a question about strokes, "I had a stroke in
 * 2015" is history. Each rule here only ever takes a match away on a clear cue: when the frame is unclear the
 * match stands, because a false alarm costs a banner and a miss can cost a life.
 */

/** How a concept's match is framed: what kind of words it is decides which cues may take it away. */
export type Frame =
  /** A symptom or sign ("chest pain"): negation, questions, conditionals and history take it away. */
  | 'symptom'
  /** A named event ("stroke", "heart attack"): stands only when told of someone, now. */
  | 'event'
  /** A measured number: conditionals and history take it away, questions do not ("is 190/125 bad?"). */
  | 'number'
  /** Suicidal thoughts or self-harm: only a plain negation takes it away (safe-messaging practice). */
  | 'crisis'
  /** Asking for an emergency line ("poison control number"), or a context word ("after my run"): always stands. */
  | 'always';

/** Whether a match is current, happened recently (days to weeks ago), or is to be set aside. */
export type Occurrence = 'current' | 'recent' | 'none';

const NEGATORS = new Set([
  'no',
  'not',
  'never',
  'dont',
  'doesnt',
  'didnt',
  'isnt',
  'arent',
  'wasnt',
  'werent',
  'havent',
  'hasnt',
  'hadnt',
  'without',
  'denies',
  'denied',
  'deny',
  'denying',
  'nor',
  'neither',
  'negative',
  'almost',
  'nearly',
  'nunca',
  'sin',
  'ni',
  'tampoco',
  'jamas',
  'niega',
  'ningun',
  'ninguna',
]);
/** A clause ends here: a negation before it does not reach past it ("no fever, but chest pain"). */
const CLAUSE_BREAKS = new Set([
  ',',
  'but',
  'pero',
  'although',
  'though',
  'however',
  'except',
  'yet',
  'and',
  'y',
  'now',
  'ahora',
  'then',
  'so',
  'because',
  'sino',
  'aunque',
  'still',
  'plus',
  'also',
  'tambien',
]);
/** A negation of one of these words is about the speaker, not the symptom ("I can't stop thinking about..."). */
const NEGATION_ESCAPES = new Set([
  'stop',
  // "no para de vomitar": does not stop vomiting.
  'para',
  'paraba',
  'deja',
  'dejaba',
  'help',
  'sure',
  'know',
  'think',
  'remember',
  'understand',
  'tell',
  'wait',
  'explain',
  'care',
  'why',
  'if',
  'whether',
  'que',
  'se',
  'creo',
  'sabe',
  'idea',
  'matter',
  'believe',
  'want',
  'like',
  'seem',
  'mind',
]);

const PERSONAL = new Set([
  'i',
  'im',
  'ive',
  'id',
  'ill',
  'me',
  'my',
  'mine',
  'myself',
  'we',
  'our',
  'us',
  'ours',
  'he',
  'hes',
  'him',
  'his',
  'she',
  'shes',
  'her',
  'hers',
  'they',
  'theyre',
  'them',
  'their',
  'husband',
  'wife',
  'daughter',
  'mom',
  'mum',
  'dad',
  'mother',
  'father',
  'baby',
  'babys',
  'child',
  'kid',
  'kids',
  'toddler',
  'sons',
  'boy',
  'girl',
  'teen',
  'teenager',
  'nan',
  'nana',
  'granny',
  'grandad',
  'grandson',
  'granddaughter',
  'niece',
  'nephew',
  'uncle',
  'aunt',
  'cousin',
  'roommate',
  'flatmate',
  'grandma',
  'grandpa',
  'grandmother',
  'grandfather',
  'friend',
  'partner',
  'boyfriend',
  'girlfriend',
  'brother',
  'sister',
  'someone',
  'somebody',
  'man',
  'woman',
  'guy',
  'lady',
  'neighbor',
  'coworker',
  'this',
  'these',
  'yo',
  'mi',
  'mis',
  'tengo',
  'estoy',
  'siento',
  'nos',
  'nuestro',
  'nuestra',
  'esposo',
  'esposa',
  'hijo',
  'hija',
  'mama',
  'papa',
  'bebe',
  'abuela',
  'abuelo',
  'amigo',
  'amiga',
  'duele',
  'tiene',
  'esta',
  'le',
  'tuve',
  'senti',
  'tome',
  'tomo',
  'respiro',
  'creo',
  'pienso',
  'noto',
  'veo',
  'sufro',
  'padezco',
]);
const PRESENT =
  / (?:right now|now|currently|at the moment|as we speak|just now|suddenly|all of a sudden|having|happening|started|starting|began|still|keeps|ahora|ahorita|en este momento|de repente|esta teniendo|estoy teniendo|hurry) /;
/** A call for help: with a named event and no question, a report ("heart attack, help"). */
const HELP_CRY = / (?:help|911|ambulance|hurry|ayuda|auxilio) /;
/** The asker's own words in a question ("should I", "I want to know"): not a description of a person. */
const ASKER =
  / (?:(?:should|can|could|do|does|would|will|must|may|shall|did) (?:i|we)|i (?:want|need|would like|d like|wanted|was hoping|am hoping) to (?:know|learn|understand|ask|find out|be ready|be prepared)|i (?:wonder|was wondering|am wondering)|im (?:wondering|curious|studying|reading|learning)|i am (?:curious|studying)|i (?:read|heard|saw)|ive (?:heard|read)|help me (?:understand|learn|know|recognize)|tell me|for my (?:class|school|course|essay|homework|exam|job|patients|students|test)|im a (?:nurse|student|teacher|doctor|caregiver|medical student|paramedic)|(?:debo|puedo|deberia|tengo que|necesito)|quiero saber|me pregunto|dime|explicame|me puedes (?:decir|explicar)|que hago|que debo hacer)(?= )/g;
/** "If ...", and "when ..." after the start of a sentence (at its start, "when" asks a question). */
const CONDITIONAL =
  /(?:(?<!^) (?:when|whenever|cuando)(?! (?:i |he |she |they |you |we )?(?:pee|wee|urinate|breathe|cough|swallow|walk|eat|move|stand|bend|orino|respiro|toso|trago|camino) )| (?:if|si|in case|en caso de que|en caso de)) [^,]*/g;
/** Common Spanish words: a sentence with one is read as Spanish. */
const SPANISH = / (?:el|la|los|las|de|del|que|un|una|es|por|para|con|mi|mis|y|normales|sintomas|signos) /;
const QUESTION_STARTS = new Set([
  'son',
  'what',
  'whats',
  'how',
  'hows',
  'why',
  'which',
  'when',
  'where',
  'who',
  'can',
  'could',
  'does',
  'do',
  'is',
  'are',
  'should',
  'would',
  'will',
  'explain',
  'define',
  'describe',
  'list',
  'que',
  'cual',
  'cuales',
  'como',
  'cuando',
  'donde',
  'por',
  'puede',
  'pueden',
  'es',
  'hay',
  'explica',
  'explicame',
  'dime',
  'cuanto',
  'cuanta',
  'tell',
  'teach',
  'info',
  'information',
]);
const TEACHING =
  / (?:signs? of|symptoms? of|warning signs|signos de|sintomas de|senales de|causes? of|risk of|risk factors|difference between|what is|what are|what does|information (?:about|on)|learn (?:about|more)|tell me about|how (?:do you|can you|to|would you|would i|do i|can i) (?:know|tell|recognize|spot|identify)|is it normal|in general|typically|class|essay|homework|article|research|statistics|can cause|side effects? of|que es|que son|como (?:se|saber|reconocer)|first aid|what to do|what do you do|(?:symptoms|signs) include|such as|for example) /;
/** Before a named event, these make it a lesson rather than a report, unless it is happening now. */
const SIGNS_OF = new Set(['signs', 'symptoms', 'sign', 'symptom', 'signos', 'sintomas', 'senales']);
/** Before a named event, these make it a risk or a memory, not a happening ("my risk of a stroke"). */
const NOT_HAPPENING = new Set([
  'risk',
  'risks',
  'prevent',
  'preventing',
  'prevention',
  'avoid',
  'avoiding',
  'reduce',
  'lower',
  'lowering',
  'chance',
  'chances',
  'odds',
  'protect',
  'worried',
  'worry',
  'afraid',
  'scared',
  'fear',
  'fears',
  'history',
  'survivor',
  'survived',
  'after',
  'since',
  'recovering',
  'recovery',
  'rehab',
  'previous',
  'prior',
  'cause',
  'causes',
  'increase',
  'increases',
  'die',
  'died',
  'from',
  'riesgo',
  'prevenir',
  'evitar',
  'miedo',
  'despues',
  'desde',
]);

const HISTORY_FAR =
  / (?:(?:\d+|a|an|one|two|three|four|five|six|ten|several|few|many|couple of) (?:years?|yrs?|months?|decades?) ago|last (?:year|month|summer|winter|spring|fall|autumn|christmas)|in (?:19|20)\d\d|(?:history|hx) of|previous|prior|used to|years back|as a (?:child|kid|teenager)|when i was (?:a|younger|young|little|\d+)|survivor|recovered from|recovering from|hace (?:\d+|un|una|unos|unas|dos|tres|varios|varias|muchos|muchas) (?:anos|ano|meses|mes)|el ano pasado|antecedentes) /;
const HISTORY_RECENT =
  / (?:(?:\d+|a|one|two|three|few|couple of|several) (?:days?|weeks?|wks?) ago|yesterday|last (?:night|week|weekend)|the other day|earlier this week|ayer|anoche|la semana pasada|hace (?:\d+|un|una|unos|unas|dos|tres|pocos) (?:dias|dia|semanas|semana)) /;
/** Told as over and done with ("is fine now", "doing great now"): a "now" here does not renew the past. */
const RESOLVED =
  / (?:(?:is|are|am|im|was|doing|feel\w*|feels|seems?) (?:\w+ )?(?:fine|great|well|good|ok|okay|better|recovered) now|(?:fine|better|recovered) now|(?:will|would|could|might|can|does) (?:it|this|that) (?:\w+ )?(?:happen|come back|return|recur)(?: again)?) /g;
/** An earlier pregnancy: what happened in it is history even with "again" ("will it happen again?"). */
const PAST_PREGNANCY =
  / (?:with|in|during) (?:my|her|our) (?:first|last|previous|older|eldest|other|second|third) (?:baby|pregnancy|child|son|daughter|labou?r|delivery) /;
const RENEWED =
  / (?:since (?:yesterday|last night|this morning)|desde (?:ayer|anoche|esta manana)|again|now|right now|still|keeps|came back|coming back|getting worse|worse|otra vez|de nuevo|todavia|sigue|ahora) /;

/** The most of a sentence read on each side of a match: a run-on wall of text is read as windows. */
const SENTENCE_REACH = 300;

/** The sentence around a position: from after the previous sentence end to its own end, with that end. */
function sentenceAround(text: string, start: number): { from: number; to: number; question: boolean } {
  const floor = Math.max(0, start - SENTENCE_REACH);
  const ceiling = Math.min(text.length, start + SENTENCE_REACH);
  const before = text.slice(floor, start);
  const from = floor + Math.max(before.lastIndexOf(' . '), before.lastIndexOf(' ? ')) + 1;
  const after = text.slice(start, ceiling);
  const ends = [after.indexOf(' . '), after.indexOf(' ? ')].filter((i) => i >= 0);
  const to = ends.length > 0 ? start + Math.min(...ends) + 1 : ceiling;
  return { from, to, question: text.startsWith(' ? ', to - 1) };
}

const CLAUSE_END = / (?:,|and|but|so|y|pero) /g;

/** The clause of a sentence around an offset: "I gave birth last week, and my BP is 165/112" has two. */
function clauseAround(sentence: string, offset: number): string {
  let from = 0;
  let to = sentence.length;
  for (const match of sentence.matchAll(CLAUSE_END)) {
    if (match.index < offset) from = match.index + 1;
    else {
      to = match.index + 1;
      break;
    }
  }
  return ` ${sentence.slice(from, to).trim()} `;
}

/** Whether a plain negation within the same clause governs the words starting at `start`. */
function isNegated(text: string, from: number, start: number): boolean {
  const before = text
    .slice(Math.max(from, start - 120), start)
    .trim()
    .split(' ')
    .slice(-6)
    .reverse();
  let escaped = false;
  for (const token of before) {
    if (CLAUSE_BREAKS.has(token)) return false;
    if (NEGATORS.has(token)) return !escaped;
    if (NEGATION_ESCAPES.has(token)) escaped = true;
  }
  return false;
}

/** Whether the words at `start` sit inside an "if ..." clause: a supposition, not a report. */
function isSupposed(sentence: string, offset: number): boolean {
  for (const match of sentence.matchAll(CONDITIONAL)) {
    if (offset >= match.index && offset < match.index + match[0].length) return true;
  }
  return false;
}

/** Whether the sentence tells of a person (the asker's own "should I" and suppositions aside). */
function tellsOfSomeone(sentence: string): boolean {
  const told = sentence.replace(ASKER, ' ').replace(CONDITIONAL, ' ');
  return told.split(' ').some((token) => PERSONAL.has(token));
}

/**
 * Whether the match starting at `start` in a tokenized text (see tokenize) stands, and when it happened.
 * `bare` says the whole message is a handful of words ("stroke!", "heart attack help").
 */
export function occurrenceOf(text: string, start: number, frame: Frame, bare: boolean): Occurrence {
  if (frame === 'always') return 'current';
  const { from, to, question } = sentenceAround(text, start);
  if (isNegated(text, from, start)) return 'none';
  if (frame === 'crisis') return 'current';
  const sentence = ` ${text.slice(from, to).trim()} `;
  const offset = start - from + 1;
  const present = PRESENT.test(sentence);
  if (!present && isSupposed(sentence, offset)) return 'none';
  let when: Occurrence = 'current';
  if (PAST_PREGNANCY.test(clauseAround(sentence, offset))) return 'none';
  if (!RENEWED.test(sentence.replace(RESOLVED, ' '))) {
    const clause = clauseAround(sentence, offset);
    if (HISTORY_FAR.test(clause)) return 'none';
    if (HISTORY_RECENT.test(clause)) when = 'recent';
  }
  if (frame === 'number') return when;
  const personal = present || tellsOfSomeone(sentence);
  const firstWord = sentence.trim().split(' ')[0] ?? '';
  // "Son" opens a Spanish question ("son normales...") but an English report ("son drank bleach").
  const asks = firstWord === 'son' ? SPANISH.test(sentence) : QUESTION_STARTS.has(firstWord);
  const teaching = question || asks || TEACHING.test(sentence);
  if (frame === 'symptom') return teaching && !personal ? 'none' : when;
  const lead = text
    .slice(Math.max(from, start - 60), start)
    .trim()
    .split(' ')
    .slice(-5);
  if (lead.some((token) => NOT_HAPPENING.has(token))) return 'none';
  // "The warning signs of DKA my teenager should know" is a lesson, even told of someone.
  if (!present && lead.some((token) => SIGNS_OF.has(token))) return 'none';
  // A bare "stroke?" or "heart attack?" is asked of oneself; "what is a stroke?" is still a lesson; a cry for
  // help that is not a question ("heart attack, help") is a report.
  if (personal || (bare && !TEACHING.test(sentence)) || (!teaching && HELP_CRY.test(sentence))) return when;
  return 'none';
}
