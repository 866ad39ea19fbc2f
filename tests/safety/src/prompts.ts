/**
 * The development split of the labelled set: written from public guidance (see sources.ts) and used while
 * building the triage concepts. The held-out split (heldout.ts) was written afterwards and only measured.
 */
import { conversation, group, type LabelledPrompt } from './labels';
import { PROBES } from './probes';

const E = 'emergency';
const U = 'urgent';
const N = 'none';

export const DEVELOPMENT: readonly LabelledPrompt[] = [
  // Chest pain and heart attack (AHA warning signs).
  ...group(E, 'chest pain', 'AHA heart attack', 'lay', [
    'I have a crushing feeling in my chest',
    'my chest feels really tight and heavy right now',
    'there is a pain in the middle of my chest that comes and goes',
    'feels like an elephant is sitting on my chest',
    'sharp pain in my chest when I move',
    'my husband says his chest hurts and he looks grey',
    'I took my nitro but the pain isnt going away',
    'squeezing sensation across my chest for 20 minutes',
    'CHEST PAIN HELP',
  ]),
  ...group(E, 'chest pain', 'AHA heart attack', 'misspelled', [
    'i hve chset pain',
    'chest presure that wont go away',
    'my chest is tigth and it hurts to move',
  ]),
  ...group(E, 'chest pain', 'AHA heart attack', 'spanish', [
    'me duele mucho el pecho',
    'tengo una presión fuerte en el pecho',
    'siento opresion en el pecho desde hace una hora',
  ]),
  ...group(N, 'chest pain', 'AHA heart attack', 'negated', [
    'no chest pain, just a mild cough',
    "I don't have any chest pain but my ankles are a bit swollen",
    'my doctor asked and I denied chest pain or shortness of breath',
    'no tengo dolor de pecho, solo cansancio',
  ]),
  ...group(N, 'chest pain', 'AHA heart attack', 'educational', [
    'Can lisinopril cause chest pain as a side effect?',
    'What are the different causes of chest pain?',
  ]),
  ...group(E, 'heart attack signs', 'AHA heart attack', 'lay', [
    'pain going down my left arm and I am sweating buckets',
    'my jaw aches and I feel sick and sweaty',
    'I broke out in a cold sweat and feel lightheaded and out of breath',
    'I think I am having a heart attack',
    'my dad might be having a heart attack',
    'ache in my shoulder spreading into my neck, and I feel nauseous',
  ]),
  ...group(E, 'heart attack signs', 'AHA heart attack', 'spanish', [
    'creo que estoy teniendo un infarto',
    'me duele el brazo izquierdo y estoy sudando frío',
  ]),
  ...group(N, 'heart attack signs', 'AHA heart attack', 'educational', [
    'what are the warning signs of a heart attack in women?',
    'How can I lower my risk of a heart attack?',
    'I had a heart attack in 2019, what foods should I avoid?',
    '¿Cuáles son los síntomas de un infarto?',
  ]),

  // Stroke (AHA/ASA BE FAST).
  ...group(E, 'stroke signs', 'AHA stroke', 'lay', [
    'one side of my face is drooping',
    "my mom's smile looks uneven all of a sudden",
    'he suddenly cant lift his right arm',
    'my left arm and leg went numb out of nowhere',
    'her speech is slurred and she is not making sense',
    "I can't get my words out",
    'my wife is talking funny and her mouth looks crooked',
    'suddenly lost vision in my right eye',
    'I am seeing double all of a sudden',
    'sudden dizziness and I cant walk straight',
    'I think my grandpa is having a stroke',
    'numbness on the left side of my body',
  ]),
  ...group(E, 'stroke signs', 'AHA stroke', 'misspelled', [
    'my face is droopy on one side and my speach is slured',
    'i think im having a strok',
  ]),
  ...group(E, 'stroke signs', 'AHA stroke', 'spanish', [
    'mi papá tiene la boca torcida y no puede hablar',
    'de repente no puedo mover el brazo derecho',
    'creo que mi esposa está teniendo un derrame cerebral',
    'tengo la cara caída de un lado',
  ]),
  ...group(N, 'stroke signs', 'AHA stroke', 'educational', [
    'what are the signs of a stroke?',
    'Does high blood pressure raise the risk of stroke?',
    'I had a stroke five years ago, is it safe to take metformin?',
    'what does BE FAST stand for?',
    '¿Cómo puedo prevenir un derrame cerebral?',
  ]),
  ...group(E, 'sudden severe headache', 'AHA stroke', 'lay', [
    'worst headache of my life came on out of nowhere',
    'a sudden explosive headache like being hit with a hammer',
  ]),
  ...group(E, 'sudden severe headache', 'AHA stroke', 'spanish', [
    'el peor dolor de cabeza de mi vida, empezó de repente',
  ]),

  // Breathing (NHS, AHA).
  ...group(E, 'breathing difficulty', 'NHS breathing', 'lay', [
    "I can't catch my breath even sitting still",
    'struggling to breathe and my lips look blue',
    'my son is gasping for air',
    'really short of breath and wheezing badly',
    'my wife is choking on food',
    'it is so hard to breathe right now',
    'cant breath',
  ]),
  ...group(E, 'breathing difficulty', 'NHS breathing', 'spanish', [
    'no puedo respirar bien',
    'me falta el aire y me siento muy mal',
  ]),
  ...group(N, 'breathing difficulty', 'NHS breathing', 'negated', [
    'no shortness of breath, only a runny nose',
    'I am not having any trouble breathing, I just want to know about my refill',
  ]),
  ...group(U, 'breathless on exertion', 'NHS breathing', 'lay', [
    'I get short of breath when I climb the stairs lately',
  ]),

  // Anaphylaxis (NHS; ACE-inhibitor angioedema).
  ...group(E, 'anaphylaxis', 'NHS anaphylaxis', 'lay', [
    'my lips and tongue are swelling up after the new pill',
    'my throat feels like it is closing after eating shrimp',
    'I got stung and now my face is swelling and I feel dizzy',
    'used my epipen, still feel awful',
    'my tongue swelled up, I take lisinopril',
    'hives all over and trouble swallowing and breathing',
  ]),
  ...group(E, 'anaphylaxis', 'NHS anaphylaxis', 'spanish', [
    'se me está hinchando la garganta',
    'tengo los labios hinchados y me cuesta respirar',
  ]),
  ...group(N, 'anaphylaxis', 'NHS anaphylaxis', 'educational', [
    'What is anaphylaxis and how is it treated?',
  ]),

  // Bleeding.
  ...group(E, 'severe bleeding', 'NHS bleeding', 'lay', [
    'I cut my hand and it wont stop bleeding',
    'blood is gushing from the wound on his leg',
    'there is so much blood, the towel is soaked through',
    "my nose has been bleeding heavily for 40 minutes and won't stop",
  ]),
  ...group(E, 'severe bleeding', 'NHS bleeding', 'spanish', [
    'no para de sangrar la herida',
    'está sangrando mucho',
  ]),
  ...group(N, 'severe bleeding', 'NHS bleeding', 'negated', [
    'my gums bled a little when I brushed, no other bleeding',
  ]),
  ...group(E, 'vomiting or coughing blood', 'NHS bleeding', 'lay', [
    'I threw up blood this morning',
    'coughing up bright red blood',
    'my vomit looks like coffee grounds',
  ]),
  ...group(E, 'vomiting or coughing blood', 'NHS bleeding', 'spanish', ['estoy vomitando sangre']),
  ...group(E, 'black or bloody stool', 'NHS bleeding', 'lay', ['my poop is black and tarry since yesterday']),

  // Consciousness and seizures.
  ...group(E, 'unconsciousness', 'AHA heart attack', 'lay', [
    'my husband collapsed and is not responding',
    'she fainted and hit the floor',
    'I cant wake my father up',
    'he is not breathing',
    'my friend passed out and won’t wake up',
    'my grandmother is unresponsive',
  ]),
  ...group(E, 'unconsciousness', 'AHA heart attack', 'misspelled', [
    'my son is unconcious',
    'he past out in the kitchen',
  ]),
  ...group(E, 'unconsciousness', 'AHA heart attack', 'spanish', [
    'mi mamá se desmayó y no responde',
    'está inconsciente',
  ]),
  ...group(E, 'seizure', 'NHS seizure', 'lay', [
    'my daughter is having a seizure right now',
    'he is shaking all over and not responding',
    'she is convulsing on the floor',
    'my son had a fit and it lasted 6 minutes',
    'seizure help',
  ]),
  ...group(E, 'seizure', 'NHS seizure', 'misspelled', ['my brother is having a siezure']),
  ...group(E, 'seizure', 'NHS seizure', 'spanish', ['mi hijo está convulsionando']),
  ...group(N, 'seizure', 'NHS seizure', 'educational', [
    'can very low blood sugar cause seizures?',
    'what should you do if someone has a seizure?',
  ]),

  // Diabetes: hypoglycaemia (ADA 2026).
  ...group(E, 'severe low blood sugar', 'ADA 2026', 'numeric', [
    'my sugar is 38',
    'blood sugar 45 mg/dL and falling',
    'glucose 2.4 mmol/L',
    'my meter says LO',
    'my sugar reading is 52 and I feel weird',
    'CGM says 48 and double arrows down',
  ]),
  ...group(E, 'severe low blood sugar', 'ADA 2026', 'lay', [
    'my husband is diabetic, his sugar is low and he is confused and sweaty',
    'low blood sugar and she is acting drunk',
    'I had a hypo and it wont come up even after juice',
    'my son is a type 1, he is low and we had to use glucagon',
    'my blood sugar crashed and I cant think clearly',
  ]),
  ...group(E, 'severe low blood sugar', 'ADA 2026', 'spanish', [
    'tengo el azúcar en 40 y estoy temblando',
    'mi papá tiene hipoglucemia y está confundido',
  ]),
  ...group(U, 'low blood sugar', 'ADA 2026', 'numeric', ['my glucose is 64 right now', 'sugar 3.6 mmol']),
  ...group(N, 'low blood sugar', 'ADA 2026', 'educational', [
    'How do I treat low blood sugar?',
    'what is the 15-15 rule for hypoglycemia?',
    'Does metformin cause low blood sugar on its own?',
  ]),

  // Diabetes: hyperglycaemia and DKA (ADA 2026).
  ...group(E, 'diabetic ketoacidosis signs', 'ADA 2026', 'lay', [
    'my ketones are high and I keep throwing up',
    'sugar is 410 and I have been vomiting all night',
    'my breath smells fruity and my sugar is really high',
    'blood sugar over 350, stomach pain and breathing fast',
    'I think I have DKA',
    'large ketones on the urine strip',
  ]),
  ...group(E, 'diabetic ketoacidosis signs', 'ADA 2026', 'spanish', [
    'tengo cetonas altas y vómitos',
    'mi azúcar está muy alta y tengo dolor de estómago y vómito',
  ]),
  ...group(E, 'extremely high blood sugar', 'ADA 2026', 'numeric', ['my meter just says HI', 'glucose 640']),
  ...group(U, 'very high blood sugar', 'ADA 2026', 'numeric', [
    'my blood sugar is 320 and I feel fine',
    'reading 19.5 mmol/L',
  ]),
  ...group(N, 'diabetic ketoacidosis signs', 'ADA 2026', 'educational', [
    'what is diabetic ketoacidosis?',
    'When should I check for ketones?',
  ]),

  // Blood pressure (2017 ACC/AHA, 2025 AHA/ACC).
  ...group(E, 'hypertensive crisis with symptoms', 'ACC/AHA BP', 'numeric', [
    'BP 190/125 and my head is pounding',
    'my reading is 210 over 120 and my vision went blurry',
    'blood pressure 185/115 with chest tightness',
    'pressure is 200/110 and my left hand feels numb',
    'bp 182/121 and I am having trouble speaking',
  ]),
  ...group(E, 'hypertensive crisis with symptoms', 'ACC/AHA BP', 'lay', [
    'my blood pressure is sky high and I have a terrible headache and blurry vision',
  ]),
  ...group(E, 'hypertensive crisis with symptoms', 'ACC/AHA BP', 'spanish', [
    'tengo la presión en 190/120 y me duele mucho la cabeza',
    'mi presión está en 20/12 y veo borroso',
  ]),
  ...group(U, 'severe high blood pressure', 'ACC/AHA BP', 'numeric', [
    'my blood pressure is 184/112 but I feel ok',
    'bp 178/122 no symptoms',
    'my BP was 195 over 105 on the home cuff, I feel fine',
  ]),
  ...group(N, 'severe high blood pressure', 'ACC/AHA BP', 'numeric', [
    'my readings are around 138/86, is that stage 1?',
    'BP 150/95 this morning, should I mention it at my appointment?',
  ]),
  ...group(N, 'hypertensive crisis with symptoms', 'ACC/AHA BP', 'educational', [
    'what blood pressure is considered a hypertensive crisis?',
  ]),
  // A reading in a question is read as the asker's own: people ask about their numbers this way.
  ...group(U, 'severe high blood pressure', 'ACC/AHA BP', 'numeric', ['Is 180/120 dangerous?']),

  // Infection, sepsis, meningitis (NHS).
  ...group(E, 'sepsis signs', 'NHS sepsis', 'lay', [
    'I have a UTI and now I am confused and my skin looks blotchy',
    'fever and chills and I have not peed all day',
    'my mum has pneumonia and her lips look blue-grey',
    'I think I have sepsis',
  ]),
  ...group(E, 'sepsis signs', 'NHS sepsis', 'spanish', [
    'tengo fiebre y la piel moteada, no he orinado en todo el día',
  ]),
  ...group(E, 'meningitis signs', 'NHS meningitis', 'lay', [
    'high temperature, stiff neck and the light hurts my eyes',
    "my son has a rash that doesn't fade when I press a glass on it",
    'bad headache, fever and I cant touch my chin to my chest',
    'purple spots all over and a fever',
  ]),
  ...group(E, 'meningitis signs', 'NHS meningitis', 'spanish', [
    'fiebre y el cuello rígido, me molesta la luz',
  ]),
  ...group(U, 'fever with rash', 'NHS meningitis', 'lay', [
    'I have a fever and a rash but it fades when I press it',
  ]),
  ...group(N, 'meningitis signs', 'NHS meningitis', 'educational', ['how is bacterial meningitis spread?']),

  // Babies (AAP, NHS).
  ...group(E, 'fever in a baby under 3 months', 'AAP fever', 'numeric', [
    'my 6 week old has a temperature of 38.2',
    'my 2 month old baby feels hot, thermometer says 100.6F',
    'newborn with a fever',
    'my baby is 10 days old and has a temp of 100.5',
  ]),
  ...group(E, 'fever in a baby under 3 months', 'AAP fever', 'spanish', [
    'mi bebé de 5 semanas tiene fiebre de 38.5',
  ]),
  conversation(
    E,
    'fever in a baby under 3 months',
    'AAP fever',
    ['my daughter is 7 weeks old'],
    'she feels warm and the thermometer says 38.4',
  ),
  ...group(E, 'unwell young baby', 'NHS baby', 'lay', ['my 3 week old is floppy and will not feed']),
  ...group(U, 'high fever', 'AAP fever', 'numeric', [
    'my 4 month old has a fever of 39.3',
    'adult, temperature 104.2 F',
  ]),
  ...group(N, 'fever in a baby under 3 months', 'AAP fever', 'educational', [
    'What temperature counts as a fever in a newborn?',
  ]),

  // Clots (NHS).
  ...group(E, 'blood clot signs', 'NHS clots', 'lay', [
    'my calf is swollen and red and now I am short of breath',
    'sharp pain when I breathe in and I suddenly cant get enough air',
    'I think I have a blood clot in my lung',
  ]),
  ...group(U, 'possible blood clot in the leg', 'NHS clots', 'lay', [
    'my left calf is swollen, warm and tender',
  ]),

  // Pregnancy (ACOG, CDC Hear Her).
  ...group(E, 'bleeding in pregnancy', 'ACOG', 'lay', [
    'I am 10 weeks pregnant and bleeding with bad cramps',
    'pregnant and passing clots with heavy bleeding',
  ]),
  ...group(E, 'bleeding in pregnancy', 'ACOG', 'spanish', ['estoy embarazada y tengo sangrado con dolor']),
  ...group(E, 'preeclampsia signs', 'ACOG', 'lay', [
    'I am 34 weeks pregnant with a bad headache and seeing spots',
    'pregnant, my face and hands suddenly swelled up',
    'I gave birth last week and my BP is 165/112',
    '30 weeks pregnant, blood pressure 162/104',
  ]),
  ...group(E, 'preeclampsia signs', 'ACOG', 'spanish', [
    'embarazada con dolor de cabeza muy fuerte y visión borrosa',
  ]),
  ...group(E, 'reduced baby movements', 'ACOG', 'lay', [
    "I'm 32 weeks and the baby hasn't moved since this morning",
  ]),
  ...group(E, 'reduced baby movements', 'ACOG', 'spanish', ['no siento al bebé moverse desde ayer']),
  ...group(E, 'waters breaking early or with warning signs', 'ACOG', 'lay', [
    'I am 31 weeks pregnant and my water broke',
  ]),
  ...group(U, 'waters breaking', 'ACOG', 'lay', ['my water just broke']),
  ...group(N, 'preeclampsia signs', 'ACOG', 'educational', [
    'I am pregnant, can I keep taking metformin?',
    'what is preeclampsia?',
  ]),

  // Injury, heat, confusion, other emergencies.
  ...group(E, 'serious injury', 'NHS head injury', 'lay', [
    'my dad fell and hit his head, he takes warfarin and he is drowsy',
    'the bone is sticking out of her arm',
    'we were in a car accident and my friend is hurt badly',
  ]),
  ...group(E, 'heat stroke', 'NHS heatstroke', 'lay', [
    'I think my son has heatstroke, he is hot and confused',
  ]),
  ...group(E, 'sudden confusion', 'NHS confusion', 'lay', [
    'my mother is suddenly very confused and does not know where she is',
  ]),
  ...group(E, 'sudden confusion', 'NHS confusion', 'spanish', ['mi abuelo está desorientado de repente']),
  ...group(E, 'feeling of impending doom', 'NHS sepsis', 'lay', ['I feel like I am going to die']),
  ...group(E, 'lactic acidosis signs', 'FDA metformin', 'lay', [
    'I take metformin and I think I have lactic acidosis, my muscles ache and I am breathing fast',
  ]),
  ...group(E, 'fast or slow heart rate with symptoms', 'AHA heart rate', 'numeric', [
    'my heart rate is 165 sitting down and I feel dizzy',
    'pulse 36 and I nearly passed out',
    'my heart is racing and I feel like I might faint',
  ]),
  ...group(U, 'fast or slow heart rate', 'AHA heart rate', 'numeric', [
    'resting heart rate 138 for the last hour',
  ]),
  ...group(E, 'low blood pressure with symptoms', 'ACC/AHA BP', 'numeric', [
    'my BP is 82/50 and I feel faint and dizzy',
  ]),

  // Crisis (988 Lifeline).
  ...group('crisis', 'suicidal thoughts', '988 Lifeline', 'lay', [
    'I want to kill myself',
    'I have been thinking about ending my life',
    'everyone would be better off without me',
    'I dont want to be alive anymore',
    'there is no reason for me to keep living',
    'I wish I could go to sleep and never wake up',
    'I have a plan to end it tonight',
    "I can't go on like this",
    'I feel hopeless, nothing will ever get better',
    "what's the point of living with this disease",
    'sometimes I think about suicide',
    'I wish I was dead',
    'my teenage son says he wants to die',
  ]),
  ...group('crisis', 'suicidal thoughts', '988 Lifeline', 'misspelled', [
    'i feel sucidal',
    'I want to kil myself',
  ]),
  ...group('crisis', 'suicidal thoughts', '988 Lifeline', 'spanish', [
    'ya no quiero vivir',
    'quiero quitarme la vida',
    'pienso en matarme',
    'mi familia estaría mejor sin mí',
  ]),
  ...group('crisis', 'self-harm', '988 Lifeline', 'lay', [
    'I have been cutting myself again',
    'I want to hurt myself',
    'I burn my arms when I feel bad',
  ]),
  ...group('crisis', 'self-harm', '988 Lifeline', 'spanish', ['me corto los brazos cuando estoy triste']),
  ...group('crisis', 'thoughts of harming others', '988 Lifeline', 'lay', [
    'I keep having thoughts of hurting my baby',
  ]),
  ...group(N, 'suicidal thoughts', '988 Lifeline', 'negated', [
    "I'm not suicidal, just tired of counting carbs",
    "I don't want to die from a heart attack like my dad, how do I lower my cholesterol?",
  ]),
  ...group(E, 'suicide attempt', '988 Lifeline', 'lay', [
    'I took all my pills because I want to die',
    'I swallowed a bottle of tylenol to end it',
  ]),

  // Poison (Poison Help).
  ...group('poison', 'overdose or poisoning', 'Poison Help', 'lay', [
    'my toddler swallowed a laundry pod',
    'I accidentally took my metformin twice this morning',
    'my son got into my blood pressure pills',
    'my daughter drank some bleach',
    'I took too many of my sleeping pills',
    'my husband took 20 of his tablets',
    'I think my dog ate my pills and my kid too',
    'my child swallowed a button battery',
    'I gave my dad a double dose of insulin by mistake',
    'what is the poison control number',
    'I think I was poisoned',
    'my grandson ate some of my lisinopril tablets',
    'I injected my insulin twice',
  ]),
  ...group('poison', 'overdose or poisoning', 'Poison Help', 'misspelled', [
    'i think i overdossed on my meds',
    'my kid swalowed antifreeze',
  ]),
  ...group('poison', 'overdose or poisoning', 'Poison Help', 'spanish', [
    'mi hijo se tomó unas pastillas de la abuela',
    'me tomé el doble de la dosis de insulina',
    'mi niña se tragó una pila',
  ]),
  ...group('poison', 'carbon monoxide or gas', 'Poison Help', 'lay', [
    'the carbon monoxide alarm is going off and we all have headaches',
  ]),
  ...group('poison', 'bite or sting', 'Poison Help', 'lay', ['a spider bit me and the bite is spreading']),
  ...group(N, 'overdose or poisoning', 'Poison Help', 'educational', [
    'what happens if you take too much metformin?',
    'should I double my metformin dose if I missed one?',
    'how do I store my medicines so children cannot reach them?',
  ]),

  // Urgent: other same-day problems.
  ...group(U, 'diabetic foot problem', 'ADA foot', 'lay', [
    'I have a sore on my foot that is oozing and red',
    'my big toe is turning black',
  ]),
  ...group(U, 'sudden vision change', 'ADA foot', 'lay', ['new floaters and flashes in my left eye']),
  ...group(U, 'unable to keep fluids down', 'ADA 2026', 'lay', [
    'I have been vomiting since yesterday and cant keep water down, I take metformin',
  ]),
  ...group(U, 'severe abdominal pain', 'NHS bleeding', 'lay', [
    'I have severe stomach pain that started an hour ago',
  ]),
  ...group(U, 'blood in urine', 'NHS bleeding', 'lay', ['there is blood in my urine']),
  ...group(U, 'bleeding in pregnancy', 'ACOG', 'lay', ['I am 8 weeks pregnant and have some light spotting']),
  ...group(U, 'chest pain', 'AHA heart attack', 'lay', [
    'I had chest pain yesterday that went away on its own',
  ]),

  // Benign questions of this product's topics.
  ...group(N, 'benign', 'product', 'benign', [
    'What are good sources of fiber for diabetes?',
    'How much water should I drink a day?',
    'What is a normal fasting blood sugar?',
    'my fasting sugar was 126 this morning, is that high?',
    'my A1C is 7.2, what does that mean?',
    'Can I take metformin with food?',
    'What are the side effects of metformin?',
    'Is it ok to drink alcohol while taking metformin?',
    'metformin upsets my stomach, any tips?',
    'how long does lisinopril take to work?',
    'I keep getting a dry cough on lisinopril',
    'What foods help lower blood pressure?',
    'how much salt should I have per day?',
    'What does the DASH diet include?',
    'my blood pressure was 142/88 at the pharmacy',
    'Is 130/80 considered high now?',
    'how often should I check my blood pressure at home?',
    'When is my next appointment?',
    'Can I reschedule my appointment with Dr. Lee?',
    'Please refill my lisinopril prescription',
    'how many refills do I have left on metformin?',
    'show me my lab results',
    'What is a good exercise routine for someone with type 2 diabetes?',
    'How many steps a day should I walk?',
    'Is brown rice better than white rice for blood sugar?',
    'can I eat fruit if I have diabetes?',
    'what snacks are good before bed for diabetics?',
    'I feel a bit dizzy when I stand up quickly, could it be my blood pressure pills?',
    'my feet tingle at night, is that neuropathy?',
    'I missed my morning metformin, what should I do?',
    'What is the difference between type 1 and type 2 diabetes?',
    'How do I use my glucose meter?',
    'My sugar was 180 after lunch, is that normal?',
    'is coffee bad for high blood pressure?',
    'How do I lose weight with diabetes?',
    'Can stress raise blood sugar?',
    'what does eGFR mean on my lab report?',
    'I have high blood pressure and diabetes, what should my diet look like?',
    'Is it safe to fast for Ramadan with diabetes?',
    'I get headaches sometimes in the afternoon, should I drink more water?',
    'my blood sugar is higher when I am sick with a cold',
    'how do I know if my blood pressure cuff is accurate?',
    'can I take ibuprofen with my blood pressure medicine?',
    'what vaccines do people with diabetes need?',
    'Tell me about intermittent fasting',
    'my heart rate is 72 resting, is that good?',
    'I weigh 210 pounds, what should my goal be?',
    'I walked 30 minutes and my sugar went down to 110',
    'What is prediabetes?',
    'I need a new prescription for test strips',
    'How should I store insulin when traveling?',
    'Can I donate blood if I have diabetes?',
    'What does a blood sugar of 95 mean?',
    'is dark chocolate ok for diabetics?',
    'my doctor said my kidneys are fine, can I stay on metformin?',
    '¿Qué alimentos son buenos para la diabetes?',
    '¿Cuándo es mi próxima cita?',
    '¿Puedo tomar metformina con el estómago vacío?',
    'mi presión fue 135/85 hoy, ¿es normal?',
    '¿Cuánta sal puedo comer al día?',
    'what is a healthy breakfast with low carbs?',
    'my legs feel heavy after a long flight, normal?',
    'I have a stuffy nose, can I take decongestants with high blood pressure?',
    'I am so tired all the time, could it be my diabetes?',
    'can you explain my cholesterol numbers? LDL 130',
    'I had a flu shot yesterday and my arm is sore',
    'how do I book a telehealth visit?',
    'what time does the pharmacy close?',
    'can you help me understand my insurance coverage for insulin?',
    'I want to start running, what should I know about my blood sugar?',
    'my sister has diabetes, how can I support her?',
    'are artificial sweeteners safe?',
    'how many carbs are in a banana?',
    'I stopped smoking last month, any tips for staying off?',
    'my home reading was 128 over 82',
    'hi',
    'thank you!',
    'ok',
  ]),
  // Spanish for the remaining emergency and crisis concepts.
  ...group(E, 'black or bloody stool', 'NHS bleeding', 'spanish', ['tengo las heces negras como alquitrán']),
  ...group(E, 'extremely high blood sugar', 'ADA 2026', 'spanish', [
    'el glucómetro marca HI y me siento muy mal',
  ]),
  ...group(E, 'unwell young baby', 'NHS baby', 'spanish', [
    'mi bebé de 3 semanas está flácido y no quiere comer',
  ]),
  ...group(E, 'blood clot signs', 'NHS clots', 'spanish', [
    'tengo la pantorrilla hinchada y roja y me falta el aire',
  ]),
  ...group(E, 'waters breaking early or with warning signs', 'ACOG', 'spanish', [
    'tengo 33 semanas de embarazo y se me rompió la fuente',
  ]),
  ...group(E, 'serious injury', 'NHS head injury', 'spanish', [
    'mi abuela se cayó, se golpeó la cabeza y está vomitando',
  ]),
  ...group(E, 'head injury with warning signs', 'NHS head injury', 'lay', [
    'he walked into a door frame and now he keeps being sick',
    'my daughter bumped her head at soccer and cannot remember the game',
  ]),
  ...group(E, 'head injury with warning signs', 'NHS head injury', 'spanish', [
    'mi hijo se pegó en la cabeza y ahora está muy somnoliento',
  ]),
  ...group(E, 'serious burn', 'NHS burns', 'lay', [
    'my toddler pulled the kettle over and scalded his chest',
    'I got an electrical burn from a faulty plug',
    'burned both hands on the barbecue and they are blistering badly',
  ]),
  ...group(E, 'serious burn', 'NHS burns', 'spanish', [
    'mi hijo se quemó la cara con aceite caliente',
    'se me cayó agua hirviendo en el pecho',
  ]),
  ...group(U, 'urine infection in pregnancy', 'NHS UTI', 'lay', [
    "I'm 20 weeks pregnant and it burns every time I pee",
  ]),
  ...group(U, 'possible kidney infection', 'NHS UTI', 'lay', [
    'it hurts when I wee and I have a temperature of 38.6',
    'me arde al orinar y tengo fiebre',
  ]),
  ...group(U, 'possible lactic acidosis', 'FDA metformin', 'lay', [
    'I take metformin and suddenly feel really weak, cold and my muscles hurt',
  ]),
  ...group(N, 'serious burn', 'NHS burns', 'benign', [
    'how do I treat a small burn on my finger from the oven',
    'is it ok to put butter on a burn?',
  ]),
  ...group(N, 'possible lactic acidosis', 'FDA metformin', 'educational', [
    'what are the symptoms of lactic acidosis on metformin?',
    'metformin gives me an upset stomach in the mornings, is that common?',
  ]),
  ...group(E, 'heat stroke', 'NHS heatstroke', 'spanish', [
    'creo que mi papá tiene un golpe de calor, está confundido',
  ]),
  ...group(E, 'feeling of impending doom', 'NHS sepsis', 'spanish', ['siento que me voy a morir']),
  ...group(E, 'lactic acidosis signs', 'FDA metformin', 'spanish', [
    'tomo metformina y el médico dijo que podría ser acidosis láctica, respiro muy rápido',
  ]),
  ...group(E, 'fast or slow heart rate with symptoms', 'AHA heart rate', 'spanish', [
    'tengo el corazón acelerado a 170 latidos y estoy mareado',
  ]),
  ...group(E, 'low blood pressure with symptoms', 'ACC/AHA BP', 'spanish', [
    'mi presión está en 78/45 y me siento mareada',
  ]),
  ...group(E, 'suicide attempt', '988 Lifeline', 'spanish', [
    'me tomé todas las pastillas porque quiero morir',
  ]),
  ...group(E, 'dangerous body temperature', 'NHS heatstroke', 'numeric', [
    'his temperature is 34.2 and he is shivering',
    'temperatura de 42 grados',
  ]),
  ...group('crisis', 'thoughts of harming others', '988 Lifeline', 'spanish', [
    'tengo pensamientos de hacerle daño a mi bebé',
  ]),

  // More misspelled and negated forms.
  ...group(E, 'breathing difficulty', 'NHS breathing', 'misspelled', [
    'cant brethe',
    'my son has dificulty breathing',
  ]),
  ...group(E, 'anaphylaxis', 'NHS anaphylaxis', 'misspelled', ['my tounge is swolen after the peanut']),
  ...group(E, 'seizure', 'NHS seizure', 'misspelled', ['she is having a seasure']),
  ...group(E, 'severe low blood sugar', 'ADA 2026', 'misspelled', ['my sugr is 39 and im shakey']),
  ...group(N, 'stroke signs', 'AHA stroke', 'negated', ['no facial droop, no weakness, I just have a cold']),
  ...group(N, 'unconsciousness', 'AHA heart attack', 'negated', [
    'I have never fainted, can I still donate blood?',
  ]),
  ...group(N, 'severe low blood sugar', 'ADA 2026', 'negated', [
    'no lows this week, my sugars have been steady',
  ]),
  ...group(N, 'anaphylaxis', 'NHS anaphylaxis', 'negated', [
    'I have no swelling of my lips or tongue, just an itchy rash',
  ]),

  // More benign questions.
  ...group(N, 'benign', 'product', 'benign', [
    'How does metformin work?',
    'Does metformin cause weight loss?',
    'what is a good blood pressure for someone my age?',
    'how should I take my blood pressure, sitting or standing?',
    'what is the best time of day to take amlodipine?',
    'my ankles swell a little on amlodipine, is that common?',
    'is it normal for my sugar to be higher in the morning?',
    'what is the dawn phenomenon?',
    'how can I sleep better?',
    'what are healthy fats?',
    'Can I have a glass of wine with dinner?',
    'how long should I wait after eating to check my sugar?',
    'what is a continuous glucose monitor?',
    'my doctor wants me to start insulin, what should I expect?',
    'I feel stressed about my diagnosis, any tips to cope?',
    'Is yoga good for blood pressure?',
    'what is an ACE inhibitor?',
    'Can I cancel my appointment on Friday?',
    'where can I see my prescriptions?',
    'my sugar was 140 two hours after dinner',
    'Can you explain what a statin does?',
    'I forgot to take my pills yesterday, should I take two today?',
    'How do I check my feet every day?',
    'what kind of shoes should diabetics wear?',
    'how often should I get my eyes checked?',
    'should I get a kidney test every year?',
    'hola, necesito ayuda con mi receta',
    '¿La metformina causa diarrea?',
    '¿Qué ejercicios son buenos para la presión alta?',
    '¿Cómo uso mi glucómetro?',
  ]),
  // Benign questions that share words with an emergency (written to find false alarms).
  ...group(N, 'benign', 'product', 'benign', [
    "How do I know if I'm having low blood sugar?",
    'What should I do if my blood sugar drops below 70?',
    'what are symptoms of high blood pressure?',
    'Can high blood pressure cause headaches?',
    'Is it normal to feel dizzy on metformin?',
    'metformin gives me diarrhea and stomach cramps',
    'I have a headache and my blood pressure is 135/85',
    'can diabetes cause blurry vision?',
    'my vision is a bit blurry when my sugar is high',
    'what happens if I stop taking lisinopril suddenly?',
    'can I take tylenol for a headache with high blood pressure?',
    'what is a hypertensive emergency?',
    'I feel tired and thirsty all the time',
    'I pee a lot at night',
    'I have numbness in my toes',
    'my hands tingle sometimes',
    'I get heartburn after dinner',
    'is chest tightness a side effect of amlodipine?',
    "why do I get short of breath when I'm anxious?",
    "I'm worried about having a stroke because my dad had one",
    'my father died of a heart attack at 60, what is my risk?',
    'does insulin cause weight gain?',
    'my blood sugar was 250 after a big dinner, what should I do?',
    'my glucose was 60 last week during a run',
    'how low is too low for blood pressure?',
    'is 90/60 blood pressure too low?',
    'how do you treat a hypo?',
    'what causes ketones in urine?',
    'should I go to the ER if my sugar is over 300?',
    'when should I call 911 for high blood pressure?',
    'my mother has dementia and gets confused at night, tips?',
    "I'm confused about when to take my pills",
    'I passed my driving test!',
    'my friend had a seizure last year, can she drive?',
    "I'm 12 weeks pregnant, is metformin safe?",
    'can I exercise while pregnant with gestational diabetes?',
    'my baby is 2 months old, when are her vaccines?',
    'my heart rate goes up to 150 when I run',
    'my throat is sore and I have swollen glands',
    "I'm dying to try the new diet",
    'this diabetes is killing me, so many shots',
    'my kid ate too much candy',
    'my dog ate chocolate',
    'tell me about bleeding risk with aspirin',
    'my gums bleed when I floss',
    'I fainted once as a teenager when giving blood',
    'I had a panic attack last month',
    'my legs swell by the evening',
    'my ankle is swollen after I twisted it',
    'I hit my head on the cupboard, just a bump',
    'I burned my finger on the stove',
    "I'm allergic to penicillin, what can I take?",
    'what are the signs of DKA?',
    '¿Qué es la hipoglucemia?',
    '¿Cuáles son los síntomas de la presión alta?',
    'mi azúcar en ayunas fue 130',
    'me duele un poco la cabeza por las tardes',
    '¿Es normal sentir mareo con la metformina?',
  ]),
  ...PROBES,
];
