/**
 * The clinical features triage looks for (docs/clinical-safety.md lists each with the guidance it comes from).
 * A feature is a family of ways to say one thing: lay words and Spanish, a body part and a sensation within a
 * few words of each other in either order, and the frame that decides when a match counts (see frames.ts).
 * Patterns run over tokenized text (see text.ts); every gap is bounded, so matching stays linear.
 */
import type { Frame } from './frames';

/** Up to `n` words, never across a sentence end. */
const gap = (n: number): string => `(?:(?![.?] )\\S+ ){0,${n}}`;
/** `a` and `b` within `n` words of each other, in either order. */
const near = (a: string, b: string, n: number): string => `${a} ${gap(n)}${b}|${b} ${gap(n)}${a}`;

export interface Feature {
  readonly frame: Frame;
  readonly pattern: RegExp;
  /** Words right after a match that make it something else ("confused about", "seizure medication"). */
  readonly unless?: RegExp;
}
const feature = (frame: Frame, body: string, unless?: RegExp): Feature => ({
  frame,
  pattern: new RegExp(`(?<= )(?:${body})(?= )`, 'g'),
  ...(unless ? { unless } : {}),
});

const CHEST = '(?:chest|breastbone|sternum|pecho|torax)';
const CHEST_FEELING =
  '(?:pain\\w*|(?<!blood )pressure|killing|agony|agoniz\\w*|on fire|clutch\\w*|grab\\w*|tight\\w*|squeez\\w*|crush\\w*|heav\\w*|ache\\w*|aching|hurt\\w*|burn\\w*|discomfort|sore|stabb\\w*|sharp|weight|elephant|clench\\w*|constrict\\w*|vice|vise|dolor\\w*|presion|opresion|apret\\w*|duele|pesadez|ardor|punzada)';
const UPPER_BODY =
  '(?:jaw|left arm|arms|arm|shoulder|shoulders|neck|upper back|back|mandibula|brazo izquierdo|brazo|brazos|hombro|espalda|cuello)';
const UPPER_FEELING =
  '(?:pain\\w*|ache\\w*|aching|hurt\\w*|heav\\w*|numb\\w*|tingl\\w*|pressure|tight\\w*|spread\\w*|radiat\\w*|shoot\\w*|travel\\w*|dolor\\w*|duele|entumec\\w*|irradia\\w*|corre)';
const ONE_SIDE =
  '(?:one side|one arm|one leg|left side|right side|half (?:of )?(?:my|his|her|the|their) body|un lado|lado izquierdo|lado derecho|la mitad del cuerpo)';
const WEAK_OR_NUMB =
  '(?:weak\\w*|numb\\w*|paraly\\w*|dead|limp|heavy|tingl\\w*|cant move|wont move|debil\\w*|entumec\\w*|dormid\\w*|paraliz\\w*|no (?:puedo|puede) mover\\w*)';
const SUDDEN = '(?:sudden\\w*|all of a sudden|out of nowhere|de repente|repentin\\w*|subit\\w*|de golpe)';
const CANT = '(?:cant|cannot|can not|unable to|couldnt|could not|no (?:puedo|puede|podia))';
const SUBSTANCES =
  '(?:bleach|detergent|laundry (?:pod|pods|detergent|soap)|tide pods?|pods?|cleaning \\w+|cleaner|cleaners|antifreeze|rat poison|poison|pesticide|insecticide|weed killer|bug spray|roach \\w+|lamp oil|lighter fluid|gasoline|petrol|kerosene|mouthwash|hand sanitizer|sanitizer|nail polish \\w*|acetone|button batter\\w*|batter\\w*|magnets?|(?:wild|yard|garden|unknown|poisonous) (?:mushrooms?|berries|plants?)|cigarettes?|nicotine|vape \\w+|e liquid|drain cleaner|oven cleaner|dishwasher (?:tablet|pod|detergent)|(?:berry|berries|leaf|leaves|mushrooms?|seeds?) (?:from|off|of) (?:a |the |some |that )?(?:plant|bush|shrub|tree|hedge|yard|garden|weed)\\w*|windshield \\w+|paint thinner|essential oils?|ammonia|lye|chemicals?|cloro|lejia|detergente|veneno|raticida|pesticida|insecticida|gasolina|limpiador\\w*|quimicos?|pila|pilas|bateria|baterias)';
const PILLS =
  '(?:pills?|tablets?|medicine|meds|medication\\w*|capsules?|vitamins|gummies|insulin|metformin|lisinopril|amlodipine|tylenol|acetaminophen|paracetamol|ibuprofen|advil|motrin|aspirin|benadryl|xanax|oxycodone|opioids?|painkillers|antidepressants|melatonin|edibles?|pastillas|medicina\\w*|alcohol|vodka|whiskey|wine|beer|liquor|rum|tequila)';
/** Wanting, planning or thinking of, and what of: one's own death ("thinking about taking all my pills"). */
const INTENT =
  '(?:want|wants|wanna|wish|plan|planning|plans|thinking|think|thought|thoughts|considering|going to|gonna|ready|decided|urge|urges|tempted|fantasi[sz]\\w*|dream\\w* (?:of|about)|looking up|researching|pienso|pensando|quiero|deseo|ganas de)';
const SELF_DEATH =
  '(?:die|dying|be dead|kill\\w* myself|suicide|end(?:ing)? (?:my life|it all|it|everything|things)|jump\\w* off|hang\\w* myself|overdos\\w*|tak\\w* all (?:of )?(?:my (?:pills|meds|medicine|tablets|insulin)|it|them|the (?:pills|tablets|insulin|meds|bottle))|slit\\w*|not wak\\w* up|never wak\\w* up|disappear\\w* (?:forever|for good)|not (?:be|being) (?:here|alive|around)|morir\\w*|matarme|suicid\\w*|quitarme la vida|tirarme|colgarme|no despertar)';
/** Words between the intent and the death that make it about someone else or a question ("want to know if..."). */
const intentGap = `(?:(?!(?:know|learn|understand|ask|if|whether|why|how|what|people|patients|diabetics|someone|others|anyone|he|she|they|my|his|her)(?= ))(?![.?] )\\S+ ){0,4}`;
const CHILD =
  '(?:(?:\\d+|one|two|three|four|five) (?:year|yr|month) old|toddler|baby|son|daughter|kid|child|children|grandson|granddaughter|nieto|nieta|hijo|hija|bebe|nino|nina|dog|cat)';

/** Every feature, by name. */
export const FEATURES = {
  // Heart attack (AHA warning signs).
  chestPain: feature(
    'symptom',
    `${near(CHEST, CHEST_FEELING, 6)}|${near('(?:heart|ticker)', '(?:squeez\\w*|crush\\w*|hurt\\w*|pain\\w*|ache\\w*|aching|tight\\w*|clench\\w*|stabb\\w*|explod\\w*|burst\\w*)', 5)}|angina|(?:duele|dolor) ${gap(3)}pecho`,
  ),
  heartAttack: feature(
    'event',
    'heart attack|cardiac arrest|myocardial infarction|infarto|ataque (?:al corazon|cardiaco)|paro cardiaco',
  ),
  upperBodyPain: feature('symptom', near(UPPER_BODY, UPPER_FEELING, 3)),
  coldSweat: feature(
    'symptom',
    'clammy|cold sweat\\w*|sudor frio|sweating (?:buckets|profusely|heavily)|drenched in sweat|(?:break|broke|breaking) out in (?:a )?(?:cold )?sweat|pale and sweaty|sweaty and pale',
  ),
  sweat: feature('symptom', 'sweat\\w*|sudor\\w*|sudando'),
  nausea: feature(
    'symptom',
    'nause\\w*|sick to (?:my|his|her) stomach|throw\\w* up|threw up|vomit\\w*|puk\\w*|ganas de vomitar|vomitos?',
  ),
  lightheaded: feature(
    'symptom',
    `light ?headed|lightheaded|dizz\\w*|(?:feel\\w*|felt|about to|going to|gonna|almost|nearly|might|could) ${gap(3)}(?:pass out|passed out|faint|fainted|black out|blacked out)|faint feeling|mareo|mareado|mareada|vertigo`,
  ),
  nitroFails: feature(
    'symptom',
    `(?:nitro\\w*|nitroglycerin|gtn|nitroglicerina) ${gap(4)}(?:isnt|not|didnt|doesnt|hasnt|no) ${gap(1)}(?:help\\w*|work\\w*|going away|reliev\\w*|easing|funciona\\w*|ayuda\\w*)|(?:took|taken|used) ${gap(2)}(?:nitro\\w*|nitroglycerin|gtn) ${gap(5)}(?:still|pain|hurts|chest)`,
  ),
  // Stroke (AHA/ASA BE FAST).
  stroke: feature(
    'event',
    '(?<!heat |sun )stroke|mini stroke|transient ischemic attack|derrame(?: cerebral)?|ictus|embolia cerebral|accidente cerebrovascular',
    /^ of (?:luck|genius|midnight)/,
  ),
  faceDroop: feature(
    'symptom',
    `${near('(?:face|cara|smile|sonrisa|mouth|boca|lip|lips|eyelid)', '(?:droop\\w*|sag\\w*|uneven|lopsided|crooked|slack|paraly\\w*|fallen|falling|caida|caido|torcid\\w*|chueca|chueco|colgad\\w*|dropp\\w*|numb\\w*|dormida|durmi\\w*|dormi\\w*|entumecida|cay\\w*|cai\\w*)', 3)}|la mitad de la cara|(?:one|1|left|right) side of (?:my|his|her|the|their) (?:face|mouth)`,
  ),
  oneSideWeak: feature(
    'symptom',
    `${ONE_SIDE} ${gap(4)}${WEAK_OR_NUMB}|(?:weak\\w*|numb\\w*|paraly\\w*|tingl\\w*|debilidad|entumecimiento|adormecimiento) ${gap(4)}${ONE_SIDE}|${CANT} (?:lift|raise|move|feel|hold|use|grip|levantar|mover|sentir|sostener) (?:my |his |her |the |el |la |su |mi )?(?:left |right )?(?:arm|leg|hand|side|brazo|pierna|mano|lado|half (?:of )?(?:my|his|her) body|mitad del cuerpo|un lado)|(?:arm|leg|hand|side|brazo|pierna|mano) ${gap(2)}(?:not working|wont work|doesnt work|stopped working|no (?:funciona|responde))|(?:arm|leg|hand|side) ${gap(3)}(?:feel|feels|felt|is|are|went|gone) (?:dead|limp|paraly\\w*)|(?:left|right) arm and (?:left |right )?leg ${gap(3)}${WEAK_OR_NUMB}|(?:arm|leg|brazo|pierna) ${gap(3)}(?:falling|drifting|drops|dropping|gives way|giving way|gave way|se cae)|${SUDDEN} ${gap(5)}${WEAK_OR_NUMB}|(?:arm|leg|hand|brazo|pierna) ${gap(2)}(?:went|gone|se puso|se quedo) (?:numb|limp|dead|weak|dormid\\w*|debil)`,
  ),
  speech: feature(
    'symptom',
    `slur\\w*|garbled|jumbled (?:words|speech)|(?:speech|talking|words|voice) ${gap(2)}(?:slur\\w*|garbled|jumbled|weird|strange|funny|odd|wrong|mixed up|nonsense)|(?:${CANT}|trouble|difficulty|hard to|struggl\\w* to) (?:speak\\w*|talk\\w*|get (?:my |the |his |her )?words out|find (?:my |the |his |her )?words|form words|say words)|(?:not|isnt|wasnt|doesnt) making (?:any )?sense|talking (?:funny|weird|strange|nonsense|gibberish)|gibberish|sounds drunk|(?:words|speech|sentences) ${gap(3)}(?:coming out|come out|came out|comes out) ${gap(1)}(?:wrong|weird|funny|jumbled|garbled|slurred|backwards)|(?:habla|hablando) (?:rara|raro|arrastrad\\w*|enredad\\w*|trabad\\w*|sin sentido)|arrastr\\w* (?:las )?palabras|no (?:puedo|puede) hablar|(?:dificultad|problemas) para hablar|no se le entiende|${SUDDEN} ${gap(2)}${CANT} (?:understand|read|speak|talk|entender|leer|hablar)|${CANT} understand (?:what )?(?:people|anyone|anybody|others|my family|words)(?: are| is)? ?(?:saying|say|said)?`,
    /^ (?:about|to (?:my|the|your)|with)/,
  ),
  suddenVisionLoss: feature(
    'symptom',
    `${SUDDEN} ${gap(4)}(?:blind\\w*|cant see|lost (?:my )?(?:vision|sight)|loss of (?:vision|sight)|double vision|vision loss|dim vision|see double|seeing double)|(?:lost|losing|loss of|lose) (?:the |my |his |her )?(?:vision|sight) (?:in|of|from) (?:one|my|his|her|the|left|right) (?:eye|side)|(?:blind|cant see) (?:in|out of) (?:one|my|his|her|the|left|right)(?: \\S+)? eye|curtain ${gap(3)}(?:eye|vision)|(?:vision|sight|eyes?) ${gap(3)}(?:going|went|gone|turning|turned|goes) ${gap(1)}(?:dark|black|grey|gray|dim|blank)|double vision|seeing double|see double|vision doble|veo doble|(?:perdi|perdio|perdida de) (?:la )?vista|no (?:veo|ve) (?:de|por|con) un ojo`,
  ),
  balance: feature(
    'symptom',
    `${SUDDEN} ${gap(4)}(?:dizz\\w*|loss of balance|lost (?:my |his |her )?balance|cant (?:walk|stand)|trouble walking|off balance|unsteady|stumbling|mareo|perdida de equilibrio|no (?:puedo|puede) (?:caminar|pararse))|${CANT} (?:walk|stand) (?:straight|up)|(?:lost|losing|loss of) (?:my |his |her )?(?:balance|coordination)|perdi(?:da|o)? (?:el |del )?equilibrio`,
  ),
  thunderclap: feature(
    'symptom',
    `worst headache|(?:worst|peor) (?:dolor de cabeza|migra\\w*)|thunderclap|(?:headache|head pain|dolor de cabeza) ${gap(3)}(?:out of nowhere|all of a sudden|de repente|de golpe)|(?:headache|head pain|dolor de cabeza) ${gap(6)}(?:worst|peor) (?:ever|of my life|i have ever had|ive ever had|de mi vida)|${SUDDEN} ${gap(3)}(?:headache|head pain|dolor de cabeza|migraine)|(?:headache|dolor de cabeza) ${gap(3)}(?:came on|hit|started|empezo) (?:suddenly|like|out of nowhere|all at once|de repente|de golpe)|(?:headache|dolor de cabeza) ${gap(3)}(?:like|como) (?:a|un) (?:thunder\\w*|explosion|bomb|hammer|rayo|trueno|golpe)`,
  ),
  severeHeadache: feature(
    'symptom',
    `(?:me|le) duele (?:mucho|muchisimo|demasiado|horrible) la cabeza|(?:severe|bad|terrible|pounding|splitting|excruciating|intense|worst|awful|horrible|throbbing|fuerte|intenso|muy fuerte|massive) ${gap(2)}(?:headache|head ache|head pain|dolor de cabeza|migraine)|(?:headache|dolor de cabeza) ${gap(3)}(?:severe|terrible|wont go away|doesnt go away|not going away|muy fuerte|no se quita|fuerte|intenso)|head ${gap(2)}(?:pounding|throbbing|exploding|killing|splitting)`,
  ),
  headache: feature(
    'symptom',
    'headache\\w*|head ache|head hurts|dolor de cabeza|migra\\w*|me duele la cabeza',
  ),
  visionChange: feature(
    'symptom',
    `(?:vision|sight|vista) ${gap(3)}(?:blurr\\w*|fuzzy|spotty|dark\\w*|changes?|changing|weird|double|borros\\w*)|(?:blurr\\w*|fuzzy|double|borros\\w*) ${gap(2)}(?:vision|sight|vista)|(?:seeing|see|saw|sees) (?:spots|stars|flashing|flashes|lights)|spots in (?:my )?(?:vision|eyes)|flashing lights|veo (?:borroso|manchas|luces|puntos)|cant see (?:well|clearly|properly)|${SUDDEN} ${gap(3)}blurr\\w*`,
  ),
  confusion: feature(
    'symptom',
    `(?<!(?:im|am|was|bit|little|kinda|of|so|totally|really|pretty|quite|a|get|gets|getting|easily|often|sometimes) )(?:confus\\w*|disorient\\w*)|delirious|incoheren\\w*|not (?:making sense|himself|herself|themselves|acting right)|acting (?:strange\\w*|weird\\w*|odd\\w*|drunk|funny|out of it|crazy|confused)|out of it|(?:doesnt|didnt|cant|does not|did not|cannot|can not) (?:recogni[sz]e|know|remember) (?:me|us|where|who|what day|her family|his family|anyone)|confundid\\w*|desorientad\\w*|no sabe donde (?:esta|estoy)|no me reconoce|${CANT} think (?:straight|clearly)`,
    /^ (?:about|by|with|on|regarding|as to|which|what|how|why|if|whether|over|whats)/,
  ),
  // Breathing (AHA, NHS).
  breathSevere: feature(
    'symptom',
    `(?:${CANT}|can barely|can hardly|barely|hardly) (?:breathe|breath|breathing|get (?:enough )?air|(?:catch|get) (?:my|his|her|their|a) breath)|breathing through a straw|(?:struggl\\w*|fighting|gasping|straining) ${gap(3)}(?:breath\\w*|air)|gasping|(?:trouble|difficulty|problems?|hard time) ${gap(3)}breathing|hard to breathe|labou?red breathing|breathing ${gap(3)}(?:hard|difficult|labou?red|very fast|bad|terrible|awful|shallow|noisy|rattl\\w*)|(?:only |barely )?(?:say|speak|get out) (?:a few|few|two|three|one or two) words ${gap(7)}(?:breath\\w*|stop\\w*|gasp\\w*)|too (?:breathless|out of breath|short of breath) to (?:talk|speak|finish)|(?:lips|face|fingers) ${gap(2)}(?:blue\\w*|gray\\w*|grey\\w*|purple)|turning blue|choking|choked|stopped breathing|(?:inhaler|puffer|reliever|nebuli[sz]er|ventolin|albuterol|salbutamol|inhalador) ${gap(3)}(?:isnt|not|wont|doesnt|didnt|hasnt|no) ${gap(1)}(?:help\\w*|work\\w*|reliev\\w*|do\\w* anything|funciona\\w*|ayuda\\w*|sirve)|(?:${CANT}|can barely|can hardly|barely|hardly|too breathless to) (?:talk|speak|finish (?:a |my |his |her )?sentences?|hablar)|grunt\\w*|(?:ribs|chest|skin|neck|tummy|belly) ${gap(3)}(?:suck\\w*|pull\\w*|sink\\w*) in|(?:sucking|pulling) in (?:under|between) ${gap(1)}ribs|me falta el aire|le falta el aire|dificultad para respirar|me ahogo|se ahoga|ahogando|atragant\\w*|no (?:puedo|puede) respirar|respira con dificultad`,
  ),
  breathMild: feature(
    'symptom',
    '(?<!(?:little|bit|slightly|mildly|somewhat) )(?:short(?:ness)? of breath|out of breath|breathless\\w*|winded|sob|falta de aire|breathing (?:fast|heavy|heavily)|wheez\\w*|respir\\w* (?:muy )?(?:rapido|agitad\\w*))',
  ),
  exertion: feature(
    'symptom',
    `(?:short(?:ness)? of breath|out of breath|breathless|winded|sob|falta de aire) ${gap(5)}(?:stairs|walk\\w*|exercis\\w*|running|climb\\w*|gym|workout|hills?|jog\\w*|exertion|activity|caminar|subir|escaleras)|(?:stairs|walk\\w*|exercis\\w*|running|climb\\w*|gym|workout|hills?|jog\\w*|caminar|subir|escaleras) ${gap(5)}(?:short(?:ness)? of breath|out of breath|breathless|winded|falta de aire)`,
  ),
  // Allergy (NHS anaphylaxis; ACE-inhibitor angioedema).
  anaphylaxis: feature(
    'symptom',
    `${near('(?:throat|tongue|lips|lip|mouth|face|airway|garganta|lengua|labios|labio|boca|cara)', '(?:swell\\w*|swollen|clos\\w*|tight\\w*|puff\\w*|hinch\\w*|cerr\\w*|cierr\\w*|inflam\\w*|blew up|blown up|huge|ballooned|enormous)', 5)}|anaphyla\\w*|anafila\\w*|angioedema|epipen|epi pen|(?:allergic reaction|reaccion alergica) ${gap(5)}(?:breath\\w*|swell\\w*|throat|dizz\\w*|faint\\w*|respir\\w*|hinch\\w*)|hives ${gap(8)}(?:breath\\w*|swell\\w*|throat|dizz\\w*)`,
    /^ (?:glands?|lymph|nodes?|tonsils?)/,
  ),
  // Bleeding (NHS, AHA first aid).
  severeBleeding: feature(
    'symptom',
    `(?:wont|cant|doesnt|will not|not|isnt|wouldnt) stop(?:ping)? (?:the )?bleed\\w*|bleed\\w* ${gap(2)}(?:wont|doesnt|will not|isnt|hasnt) (?:stop|stopping|stopped|slow\\w*)|bleed\\w* (?:heavily|a lot|badly|profusely|everywhere|out|through)|(?:heavy|severe|uncontrolled|massive|profuse|lots of|a lot of|so much) (?:bleeding|blood)|bleed\\w* (?:from|out of) (?:the |his |her |my |their )?(?:mouth|ears?|eyes|head|rectum|bottom)|blood ${gap(2)}(?:coming|pouring|leaking|running) (?:out of|from) ${gap(2)}(?:ears?|mouth|head)|soak\\w* ${gap(2)}(?:bandages?|towels?|pads?|gauze|dressings?|clothes|shirt)|bleed\\w* (?:for|over) (?:an|over an|more than an|\\d+|two|several) (?:hours?|minutes|mins)|spurting|gushing blood|blood (?:is )?(?:spurting|gushing|pouring|everywhere)|soak\\w* (?:through|with blood)|sangr\\w* (?:mucho|abundante\\w*|sin parar|demasiado)|no (?:para|deja) de sangrar|mucha sangre|hemorragia|sangrado (?:abundante|fuerte|que no para)`,
  ),
  vomitBlood: feature(
    'symptom',
    `(?:vomit\\w*|throw\\w* up|threw up|puk\\w*|cough\\w*|spit\\w*|brought up|bring\\w* up|heav\\w* up) ${gap(4)}(?:blood|bright red|coffee grounds)|blood in (?:my |his |her |the )?(?:vomit|sick|spit|phlegm|mucus)|(?:vomito|vomitos|vomitando|vomite|tos|tosiendo|toso|escupo|escupiendo) ${gap(2)}sangre`,
  ),
  blackStool: feature(
    'symptom',
    `black (?:tarry|sticky|tar like)? ?(?:stool|stools|poop|poo)|(?:stool|stools|poop|poo) ${gap(2)}(?:black|tarry|like tar)|(?:lots of|a lot of) blood ${gap(2)}(?:stool|poop|toilet)|heces negras|popo negro`,
  ),
  // Consciousness and seizures (AHA, NHS).
  unconscious: feature(
    'symptom',
    `unconscious|unresponsive|inconscient\\w*|(?:went|gone|go|going) limp|eyes? ${gap(2)}roll\\w* (?:back|up)|passed out|past out|passt out|pass\\w* out|blacked out|fainted|faints|fainting|collapsed|keeled over|(?:wont|cant|doesnt|will not|cannot|can not|unable to|couldnt|not) (?:wake|waking|be woken|rouse)|(?:not|isnt|wasnt|stopped|has stopped|is not) (?:breathing|responding|responsive|moving|waking up)|no pulse|(?:doesnt|wont|will not|isnt|not|cant|cannot) (?:respond\\w*|answer\\w*|rouse)|lost consciousness|loss of consciousness|knocked out|barely (?:conscious|breathing|responsive)|desmay\\w*|se desvanecio|no (?:responde|reacciona|despierta|respira)|perdi\\w* el conocimiento`,
    /^ (?:my |the |his |her )?(?:calls?|phone|texts?|messages?|door|emails?|questions?)/,
  ),
  seizure: feature(
    'symptom',
    `(?<!(?:has|have|gets|get|prone to|with|history of|for|had) )seizures?|seizing|convulsing|convulsion\\w*|fitting|(?:having|had|has) a fit|foaming at the mouth|(?:twitch\\w*|jerk\\w*|staring|stiff|rigid) ${gap(4)}(?:not|wont|will not|doesnt|isnt|cant) (?:answer\\w*|respond\\w*|wake|waking)|epileptic (?:fit|attack)|(?:shaking|jerking|twitching) (?:uncontrollably|all over|violently)|grand mal|status epilepticus|ataque epileptico|convulsion\\w*|convulsiona\\w*|crisis epileptica`,
    /^ (?:medication|medicine|meds|drug|drugs|disorder|history|free|threshold|control|precautions|plan|diary|action plan|risk|in the past|as a child|last (?:year|month))/,
  ),
  // Diabetes (ADA Standards of Care 2026: hypoglycaemia levels, DKA).
  lowSugar: feature(
    'symptom',
    `low (?:blood )?(?:sugar|sugars|glucose|bg|bs)|hypo|hypos|hypoglyc\\w*|going low|(?:sugar|glucose|bg|bs|levels?|numbers?) ${gap(3)}(?:low|lows|dropp\\w*|dropped|drop|crash\\w*|tank\\w*|plummet\\w*|falling|fell)|(?:bajon|baja|bajo) de (?:azucar|glucosa)|(?:azucar|glucosa|nivel\\w*) ${gap(3)}(?:baja|bajo|bajando|cayendo|se bajo)|hipoglucemia|hipoglicemia`,
  ),
  lowSugarNow: feature(
    'symptom',
    `(?:sugar|glucose|bg|bs|levels?|numbers?|reading) (?:is|s|are|just|has|went|keeps|was) ${gap(2)}(?:low|dropping|dropped|down|crashing|crashed|tanking|falling)|(?:im|i am|going|went|shes|hes|(?:he|she|they|i) (?:is|am|are)) (?:really |very |so )?(?:hypo|low)(?! blood| sugar| glucose)|having a (?:hypo|low)|(?:tengo|me dio|estoy con|le dio) (?:la |el |un )?(?:azucar baja|hipoglucemia|bajon|bajon de azucar)|(?:azucar|glucosa) (?:esta|se me|se le) ${gap(1)}(?:baja|bajo|bajando)`,
    /^ (?:blood pressure|bp|on|in|to (?:[7-9]\d|\d{3})|at (?:[7-9]\d|\d{3})) /,
  ),
  neuro: feature(
    'symptom',
    `confus\\w*|disorient\\w*|${CANT} (?:think|focus|concentrate|wake|swallow|eat|drink|sit up|stand|respond)|(?:wont|doesnt|not|isnt|refus\\w* to) (?:wake|waking|respond\\w*|making sense|swallow\\w*|eat\\w*|drink\\w*)|slurr\\w*|acting (?:drunk|strange\\w*|weird\\w*|odd\\w*|funny|out of it|confused|crazy)|drowsy|very sleepy|so sleepy|(?:barely|hardly|cant|can barely|can hardly) (?:stay awake|keep (?:my |his |her )?eyes open)|out of it|passed out|pass\\w* out|unconscious|unresponsive|seizure\\w*|seizing|convuls\\w*|combative|incoheren\\w*|fainted|collaps\\w*|confundid\\w*|desorientad\\w*|no (?:puede|puedo) (?:pensar|tragar|comer|despertar)|no (?:responde|despierta)|somnolient\\w*|muy dormid\\w*|(?:habla|hablando) raro|glucagon|glucagón`,
  ),
  glucagonGiven: feature(
    'symptom',
    `(?:use|used|gave|give|given|giving|inject\\w*|needed|need) ${gap(3)}glucagon|glucagon (?:shot|injection|pen|kit|nasal)|(?:le|me) (?:pusieron|dieron|puse|di) ${gap(2)}glucagon`,
  ),
  hypoNotRising: feature(
    'symptom',
    `(?:wont|doesnt|isnt|not|wouldnt) (?:come|go|going|coming|rise|rising|budge|budging) (?:up|back up)|still (?:low|dropping|going down)|keeps (?:dropping|going down|falling)|no sube|sigue bajando`,
  ),
  ketonesHigh: feature(
    'symptom',
    `(?:ketone\\w*|cetona\\w*) ${gap(3)}(?:high|large|moderate|big|dark|purple|positive|elevated|over|above|altas?|positiv\\w*|moderad\\w*)|(?:high|large|moderate|positive|elevated|lots of) (?:blood |urine )?ketone\\w*|ketones in (?:my |his |her )?(?:urine|blood|pee)|(?:ketone\\w*|cetona\\w*) (?:\\S+ ){0,4}?(?:1\\.[5-9]\\d?|[2-9](?:\\.\\d+)?|[1-9]\\d+(?:\\.\\d+)?)(?! (?:days?|hours?|times|weeks?|ago|am|pm|oclock))|cetonas en (?:la )?orina`,
  ),
  ketonesLow: feature(
    'symptom',
    `(?:small|trace|low|light|some|a little) ketone\\w*|ketone\\w* ${gap(2)}(?:small|trace|slight)`,
  ),
  dka: feature('event', 'dka|ketoacidosis|keto acidosis|diabetic acidosis|cetoacidosis|acidosis diabetica'),
  dkaSymptom: feature(
    'symptom',
    `vomit\\w*|throw\\w* up|threw up|puk\\w*|cant keep (?:anything|food|water|fluids) down|fruity (?:breath|smell\\w*)|breath ${gap(2)}(?:smells?|smelling) ${gap(3)}(?:fruity|fruit|sweet|nail polish|acetone)|(?:deep|fast|rapid|heavy|hard) breathing|breathing (?:fast|deep\\w*|heavy|hard|rapid\\w*)|(?:stomach|abdominal|belly|tummy) ${gap(2)}(?:pain|ache|hurts|cramp\\w*)|confus\\w*|very (?:tired|drowsy|sleepy|weak)|vomitos?|vomitando|aliento ${gap(2)}(?:fruta|afrutado|dulce|acetona)|dolor de (?:estomago|barriga|panza)|respira\\w* (?:rapido|profundo|agitad\\w*)`,
  ),
  highSugar: feature(
    'symptom',
    `(?:sugar|sugars|glucose|bg|bs) ${gap(3)}(?:high|very high|through the roof|sky high|off the charts)|high (?:blood )?(?:sugar|sugars|glucose)|hyperglyc\\w*|(?:azucar|glucosa) ${gap(2)}(?:alta|muy alta|por las nubes)|hiperglucemia|hiperglicemia`,
  ),
  lacticAcidosis: feature('event', 'lactic acidosis|acidosis lactica'),
  // Blood pressure (2017 ACC/AHA, 2025 AHA/ACC).
  highPressure: feature(
    'symptom',
    `(?:bp|blood pressure|pressure|presion|tension) ${gap(3)}(?:high|alta|elevad\\w*|through the roof|sky high|off the charts|skyrocket\\w*|spik\\w*|por las nubes)|(?<!(?:with|for|treat\\w*|control\\w*|lower\\w*|manag\\w*|diagnosed with|people with) )(?:high|elevated) (?:bp|blood pressure)|hypertensive (?:crisis|emergency|urgency)|crisis hipertensiva`,
  ),
  backPain: feature('symptom', `back ${gap(2)}(?:pain|hurts|ache)|dolor de espalda|pain in (?:my|the) back`),
  numbWeak: feature('symptom', 'numb\\w*|weak\\w*|tingl\\w*|entumec\\w*|debil\\w*'),
  // Infection, sepsis and meningitis (NHS).
  sepsis: feature('event', 'sepsis|septic|septicemia|septicaemia|blood poisoning'),
  infection: feature(
    'symptom',
    'infect\\w*|fever\\w*|temperature|chills|shiver\\w*|uti|pneumonia|flu|cellulitis|abscess|wound|fiebre|infeccion|escalofrios|calentura|pus',
  ),
  sepsisSign: feature(
    'symptom',
    `mottled|blotchy|(?:blue|grey|gray|pale|ashen) ${gap(2)}(?:skin|lips|tongue|color)|(?:skin|lips|tongue) ${gap(2)}(?:blue|grey|gray|mottled|blotchy|ashen)|(?:not|havent|hasnt|didnt|no) (?:peed|urinated|passed urine|pee|wee|orinado|orinar) ${gap(3)}(?:day|today|hours|since|all|dia)|no urine|very breathless|breathing very fast|slurr\\w*|confus\\w*|(?:heart|pulse) (?:is )?(?:racing|very fast)|piel ${gap(2)}(?:azul|gris|palida|moteada|manchada)|no ha orinado`,
  ),
  doom: feature(
    'symptom',
    `(?:feel\\w*|felt) like (?:im|i am|hes|shes|he is|she is|i was|i m) (?:(?:going to|gonna|about to) die|dying)|(?:i think |i feel like )?(?:im|i am) dying|something (?:is )?(?:very |really |seriously |terribly )?wrong(?= (?:[.,?]|$|with (?:me|him|her)|and))|(?:sickest|worst) (?:ive|i have|he has|she has) ever felt|siento que me voy a morir|me voy a morir`,
    /^ (?:of (?:boredom|laughter|embarrassment|curiosity|hunger|thirst)|to |for )/,
  ),
  meningitis: feature('event', 'meningitis|meningococc\\w*'),
  babyMeningitis: feature(
    'symptom',
    `bulg\\w* ${gap(3)}(?:soft spot|fontanel\\w*)|(?:soft spot|fontanel\\w*) ${gap(4)}(?:bulg\\w*|swollen|raised|puff\\w*|sticking out|tense)|fontanela abombada|high pitched (?:cry\\w*|scream\\w*|moan\\w*|wail\\w*)|llanto agudo`,
  ),
  stiffNeck: feature(
    'symptom',
    `(?:stiff|rigid) neck|neck ${gap(2)}(?:stiff\\w*|rigid)|(?:${CANT}|hurts to) (?:bend|move|touch|put) (?:my |his |her )?(?:neck|chin|head forward)|chin to (?:my |his |her )?chest|cuello ${gap(2)}(?:rigido|tieso|duro)|rigidez ${gap(2)}(?:cuello|nuca)|nuca rigida`,
  ),
  lightHurts: feature(
    'symptom',
    `light ${gap(2)}(?:hurts|bothers|painful)|sensitiv\\w* to light|photophob\\w*|la luz (?:me |le )?molesta`,
  ),
  nonFadingRash: feature(
    'symptom',
    `(?:rash|spots|marks|dots|manchas|sarpullido|puntos|ronchas)(?: \\S+){0,4}? (?:doesnt|dont|wont|will not|does not|do not|didnt|did not|isnt|not|no) (?:fade|go away|disappear|blanch|change|turn white|se quita\\w*|desaparece\\w*|se borra\\w*)|non ?blanching|nonblanching|purpur\\w*|petechia\\w*|(?:purple|dark red) (?:spots|rash|blotches|marks)|(?:manchas|puntos|puntitos) (?:moradas|morados|purpura|violetas?)`,
  ),
  rash: feature('symptom', 'rash|spots|hives|sarpullido|erupcion|ronchas|manchas'),
  fever: feature(
    'symptom',
    'fever\\w*|febrile|hot to the touch|burning up|fiebre|calentura|afiebrad\\w*|temperature|temp|(?:feels|feel|felt|is|seems) (?:very |really |so )?(?:warm|hot)|(?:esta|se siente) (?:muy )?caliente',
  ),
  // Young babies (AAP, NHS).
  unwellBaby: feature(
    'symptom',
    `floppy|limp|(?:wont|not|isnt|refus\\w*) ${gap(1)}(?:feed\\w*|feeds|nurs\\w*|bottle|breast\\w*)|grunting|bulging|fontanel\\w*|soft spot|high pitched cry|no wet (?:diapers|nappies)|dry (?:diapers|nappies)|letharg\\w*|hard to wake|no quiere comer|flacid\\w*|fontanela abombada`,
  ),
  // Pregnancy (ACOG; AHA/CDC urgent maternal warning signs).
  pregnant: feature(
    'symptom',
    `pregnant|pregnancy|expecting (?:a baby|twins)|weeks along|full term|at term|overdue|(?:past|near|close to) (?:my |her )?due date|due (?:next|this) week|(?:\\d+|one|two|three|four) weeks? to go|trimester|embarazada|embarazo|in labou?r|postpartum|post partum|(?:had|gave birth to|delivered) (?:a |my |the |our )?(?:baby|son|daughter|twins)|gave birth|(?:c section|cesarean|delivery) ${gap(2)}(?:ago|last week|days ago)|(?:after|since) (?:my|the|her) (?:c section|cesarean|csection|delivery|birth|baby was born)|posparto|di a luz|acabo de (?:tener|dar a luz)|dio a luz`,
  ),
  bleeding: feature(
    'symptom',
    'bleed\\w*|blood(?! (?:pressure|sugar|sugars|glucose|test|tests|work|draw|type|thinner|thinners|count|levels?|cells|donation|bank|clot))|spotting|sangr\\w*|hemorrag\\w*|clots|coagulos',
  ),
  painOrHeavy: feature(
    'symptom',
    'pain\\w*|cramp\\w*|hurt\\w*|heavy|a lot|soak\\w*|clots|gush\\w*|dizz\\w*|faint\\w*|dolor\\w*|colico\\w*|abundante|mucho|mucha',
  ),
  swellingFace: feature(
    'symptom',
    `(?:face|hands|eyes|cara|manos) ${gap(3)}(?:swell\\w*|swollen|puff\\w*|hinch\\w*)|(?:sudden\\w*|rapid) (?:swelling|weight gain)`,
  ),
  upperAbdominalPain: feature(
    'symptom',
    `(?:pain|dolor|hurts) ${gap(3)}(?:under|below|debajo de) ${gap(2)}(?:ribs|costillas)|upper (?:right )?(?:belly|abdominal|stomach|abdomen) pain|pain in (?:my |the )?upper (?:right )?(?:belly|abdomen|stomach)`,
  ),
  watersBroke: feature(
    'symptom',
    `(?:water|waters) ${gap(2)}(?:broke|broken|breaking|break|popped|burst|ruptur\\w*)|waters ${gap(2)}(?:went|gone|going|leak\\w*|released)|(?:rompi|rompio|se me rompio|se rompio|se me rompieron|se rompieron) (?:la |las )?(?:fuente|bolsa|aguas)|(?:leaking|gush\\w*) ${gap(2)}(?:fluid|water)|fuente rota|ruptur\\w* (?:of )?(?:the |my )?membranes|rotura de (?:la )?(?:bolsa|fuente|membranas)`,
  ),
  fluidLeak: feature(
    'symptom',
    `(?:leak\\w*|gush\\w*|trickl\\w*|dribbl\\w*|pour\\w*|running|salir\\w*|sale|saliendo) ${gap(3)}(?:fluid|water|liquid|liquido|agua)|(?:fluid|liquid|water|liquido|agua) ${gap(2)}(?:leak\\w*|trickl\\w*|gush\\w*|coming out|running down|sale|saliendo)`,
  ),
  watersWarning: feature(
    'symptom',
    'cord|green|brown|bleed\\w*|blood|verde|cordon|cafe|sangre|smell\\w*|foul|shiver\\w*|chills|escalofrios|mal olor',
  ),
  fetalMovement: feature(
    'symptom',
    `(?:baby|bebe) ${gap(3)}(?:hasnt|isnt|not|stopped|no|doesnt|didnt|havent) ${gap(2)}(?:mov\\w*|kick\\w*|mueve|patea|moviendo)|(?:not|havent|hasnt|didnt|dont|cant|cannot|no) ${gap(1)}(?:felt|feel|feeling|noticed|notice) (?:the |my |any )?(?:baby|bebe|kicks?|movements?)(?: move| moving| kick\\w*| mov\\w*)?|(?:baby|bebe) ${gap(3)}(?:moving|kicking|movements?|moves|kicks|move|mueve|moviendo) ${gap(3)}(?:less|fewer|slower|not as much|weaker|quieter|menos)|(?:se mueve|patea) menos|(?:dejo|ha dejado) de moverse|(?:fewer|less|no|reduced|decreased|not feeling|cant feel) (?:the )?(?:baby )?(?:movements?|kicks?)|(?:cant|dont|do not|cannot|havent) feel (?:the |my )?baby (?:move|moving|kick\\w*)|no (?:siento|se mueve) (?:al|el) bebe|el bebe no se mueve`,
  ),
  // Clots (NHS DVT and pulmonary embolism).
  pulmonaryEmbolism: feature(
    'event',
    'pulmonary embolism|blood clot in (?:my |his |her |the )?lungs?|embolia pulmonar|coagulo en (?:el |los )?pulmon\\w*',
  ),
  legClot: feature(
    'symptom',
    `(?:calf|calves|one leg|left leg|right leg|leg|pantorrilla|pierna) ${gap(3)}(?:swollen|swelling|swell\\w*|red|warm|hot|tender|hinchad\\w*|roja|caliente)|(?:swollen|swelling|red|warm|hot|tender|hinchad\\w*) ${gap(2)}(?:calf|calves|leg|pantorrilla|pierna)|dvt|blood clot in (?:my |his |her |the )?leg|trombosis|coagulo en (?:la )?pierna`,
  ),
  painOnBreath: feature(
    'symptom',
    `(?:pain|hurts|dolor|duele|sharp) ${gap(3)}(?:breathe in|breathing in|deep breath|take a breath|inhale|respirar|respiro)`,
  ),
  // Injuries, heat (NHS, AHA first aid).
  injury: feature(
    'symptom',
    `(?:hit|bumped|banged|hurt|smacked) (?:my |his |her |their )?head ${gap(8)}(?:vomit\\w*|throw\\w* up|confus\\w*|passed out|blacked out|drowsy|sleepy|blood thinners?|warfarin|eliquis|xarelto|apixaban|rivaroxaban|anticoag\\w*|worse|seizure|fluid)|(?:bone|hueso) ${gap(3)}(?:sticking out|through the skin|poking out|sale|se ve)|compound fracture|(?:severe|bad|major|serious|deep|big) (?:burn\\w*|quemadura\\w*)|third degree|(?:car|motorcycle|bike) (?:crash|accident|wreck)|hit by a (?:car|truck|bus)|stabbed|gunshot|(?:been|was|got|is) shot|(?:fell|fall|fallen) ${gap(5)}(?:cant get up|cannot get up|cant move|unable to get up|hit (?:my |his |her )?head)|(?:deep|large|big|gaping) (?:cut|wound|gash|laceration)|apunal\\w*|disparo|accidente de (?:coche|carro|auto|moto)|se cayo ${gap(4)}(?:no puede (?:levantarse|moverse)|se golpeo la cabeza)`,
  ),
  heatStroke: feature('event', 'heat ?stroke|heatstroke|sun ?stroke|golpe de calor|insolacion'),
  palpitations: feature(
    'symptom',
    `heart ${gap(2)}(?:racing|pounding|fluttering|skipping|beating (?:fast|so fast|really fast|out of)|irregular)|palpitation\\w*|corazon ${gap(2)}(?:acelerado|late (?:muy )?(?:rapido|fuerte)|palpita)`,
  ),
  atRestExertion: feature(
    'always',
    'running|run|runs|exercis\\w*|workouts?|gym|jog\\w*|treadmill|training|cardio|biking|cycling|swimming|hiking|sports?|after (?:a |my )?(?:walk|run)|spin class',
  ),
  // Crisis (988 Suicide & Crisis Lifeline; safe-messaging practice).
  suicidal: feature(
    'crisis',
    `suicid\\w*|kill (?:myself|me)|killing myself|kms|end(?:ed)? (?:my|it) (?:life|all)|(?:easier|better|simpler|happier) ${gap(4)}if i (?:just )?(?:ended|died|was dead|were dead|was gone|were gone|wasnt here|werent here|disappeared|killed myself)|(?:how many|how much) ${gap(4)}(?:it would take|would it take|does it take|to (?:die|kill|overdose|end it|not wake up)|(?:is|would be) (?:lethal|fatal|deadly|enough to))|(?:lethal|fatal|deadly) (?:dose|amount|overdose|quantity)|dosis (?:letal|mortal)|(?:wrote|writing|written|write|left|leaving) ${gap(4)}(?:goodbye|farewell)|(?:goodbye|farewell) (?:letters?|notes?|messages?|texts?)|(?:letters?|notes?) ${gap(4)}(?:saying|to say) goodbye|carta\\w* de despedida|(?:driv\\w*|steer\\w*|crash\\w*|swerv\\w*|jump\\w*|throw\\w* myself) ${gap(3)}off (?:a|the|that) (?:bridge|cliff|road|overpass|roof|building|balcony|edge)|(?:step\\w*|walk\\w*|jump\\w*|throw\\w* myself) (?:in front of|into) (?:a |the |oncoming )?(?:train|traffic|bus|truck|lorry)|(?:so|and|hope|then|that) i (?:dont|wont|never|do not|will not) wake up(?! (?:the|my|him|her|them|early|late|at|before|in|on|too|during|with|to|for))|end it all|ending (?:it all|my life|it)|to end it|take my (?:own )?life|(?:want|wants|wanted|wanting|wanna|wish|ready|plan\\w*|decided|going) (?:to )?(?:die|be dead|end it|end (?:it all|everything|things|my life)|unalive|off myself)|unalive\\w*|(?:want|wish|need) (?:it all|everything|it) (?:all )?to (?:end|be over)|(?:tired|sick|done) (?:of|with) (?:living|life|being alive|it all|existing)|done living|(?:ways|how) to (?:die|kill myself|end my life|end it)|(?:nobody|no one|noone) (?:would|will|d) (?:miss|care about|notice) me|(?:if|when) i (?:was|were|am|m|died and|were to) (?:dead|gone|not here|not around|no longer here|die)|(?:happier|better|easier) (?:off )?(?:if i (?:was|were) (?:dead|gone)|without me)|(?:give|giving|gave) up on (?:life|living)|life (?:is|feels) (?:pointless|meaningless)|(?:dont|do not|cant|cannot|no longer) (?:see|have|find) (?:any |a |the )?(?:reason|point|purpose) ${gap(3)}(?:living|live|go on|going on|being alive|keep going|keep living|carry on|anything|life)|(?:no|nunca|jamas) (?:volver a )?despertar(?:me)?|(?:quiero|quisiera) que (?:todo )?(?:termine|se acabe|acabe)|wish (?:i was|i were|i could be|to be) dead|wish i (?:wasnt|werent|was not) (?:alive|here|born|around)|wish i (?:could )?(?:just )?(?:die|disappear|not wake up|fall asleep and never)|better off dead|better off without me|(?:world|everyone|everybody|family|they|kids|he|she) (?:would be|would do|is|are|d be) better (?:off )?without me|no (?:reason|point) ${gap(3)}(?:living|live|go on|going on|being alive|be alive|keep going|keep living|carry on)|(?:dont|do not|no longer|dont really) (?:want|wanna) (?:to )?(?:live|be alive|be here|exist|wake up|go on|keep living)|${CANT} (?:go on|do this anymore|take (?:it|this) anymore|keep going|live like this)|not worth living|life (?:is|isnt) (?:not )?worth living|(?:dont|cant) see (?:the|a|any) point (?:in|of)? ?(?:living|life|going on|anything|being alive|carrying on)|whats the point of (?:living|life|going on)|(?:thinking|thought|thoughts|think) (?:about|of) (?:ending (?:it|it all|my life|everything|things)|dying|death|killing myself|not being here|not existing|suicide)|hang (?:myself|me)|jump\\w* (?:off|from|in front of) (?:a|the) (?:bridge|building|roof|cliff|train|car|truck|bus|balcony)|nothing (?:left )?to live for|(?:trapped|no escape|no way out) ${gap(6)}(?:die|dying|death|end it)|(?:want|wish|need) (?:it|this|it all|everything|my life) (?:all )?(?:to be )?over(?! with)|goodbye ${gap(5)}for good|said (?:my )?goodbyes|(?:dont|do not) care (?:if|whether) i (?:wake up|live|die|make it)|(?:nobody|no one|noone) (?:would |will |d )?(?:miss|notice|care)\\w* ${gap(3)}(?:me|if i|gone|disappeared|died)|nadie me (?:extranaria|echaria de menos|extrana)|nothing matters (?:anymore|any more)|(?:want|ready|going) to give up(?= (?:[.,?]|$|on (?:life|living|everything)))|(?:ive|i have) given up on (?:life|living|everything)|if i (?:wasnt|werent|was not|were not) (?:around|here|alive|there anymore)|(?:crash\\w*|hurt\\w*|cut\\w*|overdos\\w*|skip\\w* (?:my )?insulin|stop\\w* (?:taking )?(?:my )?insulin) ${gap(4)}on purpose|(?:drive|driving|crash\\w*) ${gap(3)}into (?:a|the) (?:wall|tree|truck|river|traffic)|made (?:my )?peace with (?:it|dying|death|everything)|(?:pills|tablets|insulin) (?:lined up|saved up|stashed|ready|counted out|set aside)|(?:final|last|goodbye|suicide) (?:note|letter|message)s?|(?:id|i would|i d) rather (?:be dead|die)|wish\\w* ${gap(4)}(?:would|could) (?:hit|kill|run over) me|wish (?:i (?:had|d) )?never (?:been born|existed)|(?:sleep|asleep) (?:forever|for good|permanently)|want to quit(?= (?:[.,?]|$|life|living|everything))|(?:quit|quitting) (?:life|living)|(?:skip\\w*|stop\\w*|not tak\\w*) ${gap(2)}(?:insulin|meds|medicine|medication|pills) ${gap(4)}(?:until (?:its|it is|i am|im) (?:over|dead|gone)|to die|so i (?:die|can die|wont wake up))|(?:harta|harto|cansad[ao]) de (?:vivir|la vida|todo)|desaparecer (?:para siempre|del mundo)|(?:me gustaria|quisiera|quiero) desaparecer|(?:googl\\w*|search\\w*|looking up|researching|read\\w* about) ${gap(3)}(?:ways to (?:die|go|end it|kill myself)|painless (?:ways?|death|methods?)|how to (?:die|kill myself|end it)|suicide|overdose)|painless (?:way|ways|death|methods?)|(?:picturing|imagining|planning|thinking about) my (?:own )?funeral|(?:would|will|d|are) (?:all )?(?:be )?(?:just )?(?:fine|ok|okay|better|happier|better off|relieved) without me|life ${gap(1)}(?:isnt|is not|aint|not) worth (?:it|living)|(?:want|wish|need) (?:it all|everything|it|this|my life|life) (?:all )?to (?:end|stop|be over)|(?:want|wish) ${gap(3)}(?:stop|end|sleep|gone|disappear) forever|no way out(?= (?:[.?,]|for me|anymore|left|$))|sin salida|goodbye (?:notes?|letters?)|giv\\w* (?:away )?(?:all )?my (?:stuff|things|belongings|possessions)|(?:im|i am|feel like|feel like im|feel like i am) (?:a|such a|just a|nothing but a) burden|should (?:just )?(?:disappear|die|end it|end my life|kill myself|not be here|not exist)|(?:rope|noose|gun|razor|blade) ${gap(3)}(?:ready|to end|for myself|to do it)|(?:bought|got|have) a (?:gun|rope) (?:to|for) (?:end|kill|myself)|stockpil\\w*|saving up (?:my )?pills|noose|whats (?:even |really )?the point (?:anymore|of (?:me|anything|it all|living|life|going on|trying anymore|being here|my life))|(?:im|i am) (?:so |just |completely |totally )?done with (?:everything|it all|life|living)|i want out(?= (?:[.,?]|$|of (?:this life|life|here)))|(?:no tiene sentido|sin sentido) ${gap(2)}(?:vivir|seguir viviendo|la vida|seguir)|no (?:le )?(?:veo|encuentro|hallo) (?:ningun |el )?sentido (?:a |de )?(?:la vida|vivir|seguir|nada|mi vida)|(?:la |mi )?vida (?:ya )?no tiene sentido|${CANT} keep (?:fighting|living|doing this)|(?:nobody|no one|noone) (?:cares|would care|will care) (?:if|whether) i (?:live|die|lived|died)|(?:thought|think|thinking) about how (?:i would|to|id|i could|i d) (?:do it|end it|kill myself)|stop existing|(?:not|to not) exist(?: anymore)?|cease to exist|dejar de existir|me quiero cortar(?! el pelo| las unas| el cabello)|(?:mejor|preferiria) ${gap(3)}muert\\w*|estuviera muert\\w*|${INTENT} ${intentGap}${SELF_DEATH}|on purpose ${gap(3)}(?:overdose|pills)|sleep forever|never wake up|suicide note|goodbye (?:note|letter)|give away my (?:things|stuff|belongings)|hopeless|no hope|nothing to live for|(?:wouldnt|would not) (?:mind|care) if i (?:died|didnt wake up|was gone|wasnt here)|if i (?:died|was gone|disappeared) (?:nobody|no one) would (?:care|notice|miss me)|hope i (?:dont|never) wake up|want to disappear|matarme|quitarme la vida|(?:quiero|quisiera|queria|deseo) (?:morir\\w*|estar muert\\w*|desaparecer)|me quiero morir|no quiero (?:vivir|seguir|despertar|estar aqui|existir)|no vale la pena (?:vivir|seguir)|acabar con (?:todo|mi vida)|terminar con (?:todo|mi vida)|mejor (?:estaria )?muert\\w*|(?:estaria\\w*|estarian|seria\\w*|vivirian) mejor sin mi|(?:sin|no tengo) (?:razon|razones|ganas) (?:para|de) vivir|ganas de morir\\w*|pienso en (?:morir\\w*|matarme|la muerte|suicid\\w*|quitarme)|ya no (?:puedo mas|aguanto|quiero vivir)|colgarme|tirarme (?:de|del|por)|sin esperanza`,
    /^ (?:rates?|prevention|statistics|awareness|risk of|among|(?:my|her|his|the|it|them) (?:hair|clothes|shirt|beard|eyebrows|roots))/,
  ),
  selfHarm: feature(
    'crisis',
    `self (?:harm\\w*|injur\\w*)|selfharm|(?:i|ive|been|to|did) sh (?:again|today|tonight|last|yesterday|more|lately|a lot|myself)|sh (?:urges|scars|relapse\\w*)|relapsed on sh|(?:cut|cutting|burn|burning|hurt|hurting|harm|harming|hit|hitting|punish\\w*|starv\\w*|scratch\\w*|pinch\\w*|bit|bite|biting|bang\\w*) (?:myself|my (?:arms?|wrists?|legs?|skin|thighs|self|head))|until ${gap(2)}(?:bleed\\w*|bled|bruis\\w*)|(?:relapsed|relapse) ${gap(3)}(?:cut\\w*|harm\\w*|burn\\w*)|cut myself again|(?:cut|slit) (?:my )?wrists?|hacerme dano|autolesion\\w*|cortarme|me corto|lastimarme|me lastimo|quemarme`,
    /^ (?:(?:while|when) (?:i was |im )?(?:cooking|shaving|gardening|chopping|slicing|working)|by accident|accidentally|cooking|shaving|on (?:a|the)|gardening|slicing|chopping|with a (?:knife|kitchen))/,
  ),
  harmOthers: feature(
    'crisis',
    `(?:kill|hurt|harm|killing|hurting|harming) (?:him|her|them|someone|somebody|people|the baby|my (?:husband|wife|kids?|baby|child|children|son|daughter|partner|family))|(?:thoughts|urges|thinking) (?:of|about) (?:hurting|harming|killing) ${gap(2)}(?:baby|someone|others|people|him|her)|hacerle dano (?:a|al)|matar (?:a|al) `,
  ),
  // Poisoning (America's Poison Centers, Poison Help 1-800-222-1222).
  overdose: feature(
    'symptom',
    `overdos\\w*|sobredosis|(?:took|taken|swallowed|downed|injected|used) (?:too many|too much|an overdose|a (?:bunch|handful|lot) of|the (?:whole|entire) (?:bottle|pack\\w*|box|strip)|all (?:of )?(?:my|her|his|the|their) (?:pills|tablets|meds|medicine|medication\\w*|insulin|sleeping pills|pain pills)|(?:\\d\\d+|ten|twenty|fifteen|thirty|fifty|several|many|lots of|a lot of) (?:pills|tablets|capsules|of (?:my|his|her|the))|way too many|(?:my (?:husbands|wifes|moms|dads|sons|daughters|grandmas|grandpas|kids|partners)|someone elses|the wrong) (?:pills|medicine|meds|medication|insulin|tablets))|i ${gap(2)}(?:took|taken|swallowed) (?:his|her|their) (?:pills|medicine|meds|medication|insulin|tablets)|(?:took|taken|swallowed|had) ${gap(1)}to (?:many|much)|(?:took|taken|gave|given|had|swallowed|injected|taking) ${gap(4)}more ${gap(3)}than (?:the (?:box|label|bottle|packet|pack|leaflet|instructions|doctor|pharmacist|max\\w*|recommended|prescribed|dose)|(?:i|you|he|she|we) (?:should|was supposed|am supposed|were supposed|was told|were told)|recommended|prescribed|allowed|directed|it says|says|safe)|(?:over|above|past|exceeded) the (?:max\\w*|daily|recommended) (?:dose|limit|amount)|(?:took|taken|gave|given|had|injected|swallowed|did|bolus\\w*) ${gap(2)}(?:an |another )?extra ${gap(4)}(?:dose|doses|units?|shots?|pills?|tablets?|insulin|injection|bolus)|(?:took|taken|gave|given|injected|had|swallowed) ${gap(4)}(?:dose|doses|pills?|tablets?|meds|medicine|medication|insulin|shot|injection|metformin|lisinopril|amlodipine) ${gap(2)}(?:twice|three times|four times|(?:2|3|4|two|three|four) times)|(?:took|taken|swallowed) (?:about |around |like |maybe |roughly |nearly |almost |over |at least |more than |probably )?(?:\\d\\d+|ten|twenty|fifteen|thirty|forty|fifty) (?!(?:units?|mg|mcg|ml|minutes|mins|seconds|hours|hrs|days|weeks|months|years|steps|grams|g|pounds|lbs|kg|percent|%)(?= ))\\S+|(?:injected|gave|given|taken|took) ${gap(4)}(?:too much|twice|double|two doses|wrong dose|extra dose|the wrong)|(?:swallowed|took|taken|ate|downed|drank) ${gap(2)}(?:a |the |whole |entire |half a )?(?:bottle|box|pack\\w*|handful|bunch|strip)|(?:accidentally|by mistake|by accident) ${gap(4)}(?:took|taken|gave|given|injected|swallowed|ate|drank)|(?:took|taken|gave|given|injected|swallowed) ${gap(5)}(?:by mistake|by accident|accidentally)|${PILLS} ${gap(6)}(?:some|a few|several|one|two|three|\\d+) (?:are|were|is|was|seem|seems) missing|(?:took|taken|swallowed) ${gap(3)}(?:a week|two days|three days|several days|a weeks|a months|days) (?:of|worth of) ${gap(2)}${PILLS}|double dos\\w*|tome ${gap(3)}(?:doble|dos veces|demasiad\\w*|todas|muchas)|(?:tome|tomo|trague|se trago|le di|le dio) (?:mas|demasiad\\w*|el doble de) ${gap(2)}(?:pastillas|dosis|medicina\\w*|tabletas|pildoras|insulina|unidades|paracetamol|ibuprofeno|metformina)|(?:me|se) (?:tomo|tome|trago|trague) (?:todas|muchas|demasiad\\w*|un frasco|el frasco|la caja)|(?:tomo|tome|bebio|trago|trague) ${gap(4)}(?:entero|entera|completo|completa)|(?:tomo|tome|bebio|trago|trague) (?:todo el|toda la) (?:frasco|jarabe|bote|botella|caja|blister|medicina)`,
  ),
  ingestion: feature(
    'symptom',
    `(?:swallowed|swallow|ate|eaten|eating|drank|drunk|drinking|chewed|chewing|ingested|got into|licked|sucked on|bit into|inhaled|huffed|tomo|trago|comio|bebio|se tomo|se trago|se comio|se bebio) ${gap(4)}${SUBSTANCES}|${CHILD} ${gap(6)}(?:swallowed|ate|chewed|got into|found|ingested|drank|drunk|took some|comio|trago|tomo|bebio|se tomo|se comio|se trago) ${gap(4)}(?:${PILLS}|${SUBSTANCES})|(?:toxic |chemical |bleach |paint )?fumes ${gap(4)}(?:sick|dizzy|headache|cough\\w*|breath\\w*|nause\\w*)|(?:mixed|mixing) ${gap(3)}(?:bleach|ammonia|cleaners|chemicals)|(?:got into|ingested) ${gap(3)}${PILLS}|(?:sip|taste|mouthful|bite|lick|swig|gulp)s? (?:of )?${gap(2)}${SUBSTANCES}`,
    /^ (?:free|control)/,
  ),
  poisonWord: feature(
    'symptom',
    '(?<!food )(?:poison\\w*|envenen\\w*|intoxica\\w*|veneno)',
    /^ (?:ivy|oak|control|center|help|sumac)/,
  ),
  poisonHelp: feature(
    'always',
    'poison (?:control|center|help|hotline|line)|control de (?:envenenamiento|intoxicacion)|centro de toxicologia|1 800 222 1222|8002221222',
  ),
  carbonMonoxide: feature(
    'symptom',
    'carbon monoxide|co (?:alarm|detector)|monoxido de carbono|gas leak|fuga de gas|smell\\w* (?:gas|of gas)',
  ),
  bite: feature(
    'symptom',
    `(?:snake|spider|scorpion|jellyfish|rattlesnake|black widow|brown recluse|serpiente|vibora|arana|alacran|escorpion) ${gap(2)}(?:bite|bit|bitten|sting|stung|mordio|mordida|pico|picadura)|(?:bitten|stung|mordido|picado) by (?:a )?(?:snake|spider|scorpion|jellyfish)|(?:me|le) (?:mordio|pico) (?:una|un) (?:serpiente|vibora|arana|alacran)`,
  ),
  // Urgent, same-day problems.
  severeBellyPain: feature(
    'symptom',
    `(?:severe|terrible|excruciating|worst|unbearable|intense|fuerte|intenso|insoportable) ${gap(2)}(?:stomach|abdominal|belly|tummy|abdomen|estomago|barriga|panza)|(?:stomach|abdominal|belly) pain ${gap(2)}(?:severe|unbearable)|dolor (?:fuerte|intenso|insoportable) (?:de|en) (?:el |la )?(?:estomago|abdomen|barriga|panza)`,
  ),
  bloodInUrine: feature(
    'symptom',
    'blood in (?:my |his |her |the )?(?:urine|pee)|(?:peeing|urinating) blood|sangre en (?:la )?orina|orina con sangre|hematuria',
  ),
  footProblem: feature(
    'symptom',
    near(
      '(?:foot|feet|toe|toes|heel|pie|pies|dedo)',
      '(?:ulcer\\w*|infect\\w*|pus|oozing|black|turning black|gangrene|smells|smelly|ulcera|infectad\\w*|negro|negra|(?:wont|not|isnt|doesnt|never) heal\\w*|red and (?:swollen|hot|warm))',
      6,
    ),
  ),
  visionUrgent: feature(
    'symptom',
    `(?:sudden\\w*|new|all of a sudden) ${gap(3)}(?:blurr\\w*|floaters|flashes|spots)|floaters|flashes of light|(?:vision|sight) ${gap(2)}(?:suddenly|got|went) (?:blurr\\w*|blurry|dark|worse)`,
  ),
  cantKeepFluids: feature(
    'symptom',
    `(?:vomit\\w*|throw\\w* up|threw up|diarrh\\w*|puk\\w*|vomitando|diarrea) ${gap(6)}(?:cant keep|cannot keep|unable to keep|all day|since yesterday|for (?:\\d+|two|three|several) (?:hours|days)|no puedo retener|todo el dia|desde ayer)|${CANT} keep (?:anything|food|water|fluids|liquids|it) down|no (?:puedo|puede) retener (?:nada|liquidos|agua|comida)`,
  ),
  // DKA in someone with diabetes without a number (ADA hyperglycemic crises): the breath and the vomiting.
  diabetes: feature(
    'always',
    'diabet\\w*|t1d|t2d|type (?:1|one|i|2|two|ii)|insulin\\w*|metformin|diabetico|diabetica|insulina|tipo (?:1|2|uno|dos)',
  ),
  dkaSpecific: feature(
    'symptom',
    `fruity (?:breath|smell\\w*)|breath ${gap(3)}(?:fruity|fruit|sweet|nail polish|acetone|pear drops)|(?:deep|gasping|sighing) breath\\w*|aliento ${gap(2)}(?:fruta|afrutado|dulce|acetona)`,
  ),
  vomiting: feature(
    'symptom',
    'vomit\\w*|throw\\w* up|threw up|puk\\w*|being sick|been sick|keeps being sick|vomitos?|vomitando|vomito|devolviendo',
  ),
  drowsy: feature(
    'symptom',
    `drows\\w*|letharg\\w*|(?:very|super|really|so|extremely|unusually) (?:sleepy|tired)|hard to wake|${CANT} stay awake|confus\\w*|somnolient\\w*|muy dormid\\w*|confundid\\w*`,
  ),
  // Head injury (NHS): a blow to the head, then the signs that need A&E or 999.
  headBlow: feature(
    'symptom',
    `(?:hit|hits|bumped|banged|knocked|smacked|whacked|bashed|struck|cracked|bonked) (?:my |his |her |their |the |its |your )?head|head (?:injury|injuries|trauma|knock|bump|wound)|(?:fell|fall|fallen|tripped|slipped|came off|fell off) ${gap(6)}(?:head|face)|(?:after|since) (?:the|a|his|her|my|that) (?:fall|accident|crash|knock|bump|collision)|(?:blow|knock|bang|bump|hit|whack) (?:to|on) (?:the |his |her |my |their )?head|(?:walked|ran|bumped|smacked|banged|crashed|slammed|fell) ${gap(1)}into (?:a |the )?(?:door\\w*|wall|pole|post|lamppost|cupboard|cabinet|shelf|beam|table|frame|glass|window)|concussion|landed on (?:my |his |her )?head|(?:golpe|golpeo|golpee|pego|pegue|pegado|golpeado) ${gap(3)}cabeza|(?:traumatismo|golpe) (?:en la |de )?(?:cabeza|craneo)`,
  ),
  headRedFlag: feature(
    'symptom',
    `vomit\\w*|throw\\w* up|threw up|been sick|being sick|drows\\w*|sleepy|(?:wont|cant|cannot|unable to) stay awake|hard to wake|pupils? ${gap(4)}(?:bigger|different|unequal|uneven|larger|smaller|dilated|blown)|(?:different|unequal|uneven) (?:sized )?pupils|(?:headache|head) ${gap(4)}(?:worse|worsening)|(?:worse|worsening) headache|(?:fluid|liquid|blood) ${gap(3)}(?:nose|ears?)|confus\\w*|(?:cant|doesnt|dont|cannot|does not) remember|memory|seiz\\w*|fitting|double vision|blurr\\w*|slurr\\w*|knocked out|passed out|blacked out|unconscious|weak\\w*|numb\\w*|blood thinners?|warfarin|eliquis|xarelto|apixaban|rivaroxaban|vomitando|vomito|vomitar|somnolient\\w*|dormid\\w*|confundid\\w*|no recuerda`,
  ),
  // Burns (NHS): deep, large, on the face, hands, feet or genitals, electrical or chemical, or with smoke.
  burnEvent: feature(
    'symptom',
    'burn(?:ed|t)|(?:got|have|has|had) (?:a |bad |big )?burns?|inhal\\w* (?:\\S+ ){0,2}smoke|breathed in (?:\\S+ ){0,2}smoke|smoke inhalation|(?:house|kitchen|building|car) fire|incendio|inhal\\w* humo|burns? (?:on|to|from|over|across)|scald\\w*|boiling (?:water|oil)|hot (?:oil|fat|grease)|(?:caught|on) fire|quemad\\w*|me queme|se quemo|agua hirviendo|aceite caliente',
  ),
  burnSevere: feature(
    'symptom',
    'white|charred|black\\w*|leathery|waxy|face|hands?|feet|foot|genital\\w*|groin|eyes?|chest|whole|hoarse\\w*|smoke|soot|cough\\w*|electric\\w*|chemical|acid|large|big|huge|bigger than|all over|covering|cara|manos|pies|blanca|carbonizad\\w*|pecho|grande',
  ),
  // Urine infection (NHS): same-day care in pregnancy, or with a fever or back pain (a kidney infection).
  dysuria: feature(
    'symptom',
    `(?:burn\\w*|sting\\w*|hurts?|pain\\w*|painful) ${gap(2)}(?:when|while|to|as|after|every time|each time|whenever) (?:i |he |she |we )?(?:pee\\w*|wee\\w*|urinat\\w*|pass water)|(?:painful|burning|stinging) (?:urination|pee\\w*|wee\\w*)|(?:pee\\w*|wee\\w*|urinat\\w*|urine) ${gap(2)}(?:burn\\w*|sting\\w*|hurt\\w*|painful)|dysuria|uti|utis|urine infection|bladder infection|kidney infection|(?:arde|duele|ardor|dolor) ${gap(2)}(?:al )?orinar|infeccion (?:de orina|urinaria|de rinon)`,
  ),
  // Lactic acidosis on metformin (FDA medication guide): two or more of its symptoms together.
  muscleAche: feature(
    'symptom',
    `muscles? ${gap(3)}(?:pain\\w*|ache\\w*|aching|hurt\\w*|sore|cramp\\w*)|(?:muscle|muscular) (?:pain|aches?|cramps?)|dolor\\w* muscular\\w*|(?:me|le) duelen los musculos`,
  ),
  feelCold: feature(
    'symptom',
    `(?:feel\\w*|felt|am|im|so|very|really|freezing) ${gap(2)}cold|cold (?:hands|feet)|(?:tengo|siento) (?:mucho )?frio`,
  ),
  bellyPain: feature(
    'symptom',
    `(?:stomach|tummy|belly|abdominal|abdomen) ${gap(2)}(?:pain\\w*|ache\\w*|hurt\\w*|cramp\\w*)|(?:pain|ache) in (?:my |the )?(?:stomach|tummy|belly)|stomach ?ache|tummy ?ache|bellyache|dolor de (?:estomago|barriga|panza)`,
  ),
  weakTired: feature(
    'symptom',
    `(?:very|really|so|extremely|unusually|super) (?:weak|tired|sleepy|drowsy|fatigued)|exhausted|drows\\w*|(?:muy )?(?:debil|cansad\\w*)`,
  ),
} as const satisfies Record<string, Feature>;

export type FeatureName = keyof typeof FEATURES;
