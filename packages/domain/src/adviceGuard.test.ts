import { describe, expect, it } from 'vitest';
import {
  ADVICE_REFERRALS,
  adviceGuardApplies,
  givesPersonalAdvice,
  guardedAdviceRequest,
  personalAdviceRequest,
} from './adviceGuard';
import { buildAiReply, buildSecureReply, cannedAnswerFor } from './assistant';
import { redFlagReplyText, triageBannerText } from './triageTexts';

describe('a request for a personal dose change', () => {
  it.each([
    'Should I double my metformin?',
    'can I stop my blood pressure pills?',
    'How much insulin should I take tonight?',
    'is it alright if I take half my glipizide tomorrow morning',
    'could i go without my metoprolol for the weekend',
    'my sugar is 90, do I still need my evening insulin?',
    'I think I’m going to stop my pills, I feel fine',
    'i been skipping my meds cuz they make me sick is that ok',
    'Should I not take my insulin if I am throwing up?',
    'shud i dubble my metfromin',
    '¿Puedo tomar menos pastillas de la presión?',
    '¿Cuánta insulina me pongo?',
    'Should I give my dad an extra blood pressure pill?',
  ])('is recognised: %s', (message) => {
    expect(personalAdviceRequest(message)).toBe('dose-change');
  });

  it.each([
    'What is the usual metformin dose?',
    'What happens if you stop metformin suddenly?',
    'I don’t want to change my dose, just tell me how metformin works',
    'My doctor stopped my metformin, what should I eat now?',
    'Should I take my metformin with food?',
    'Can I change my appointment to Friday?',
    'I want to start exercising, any tips?',
    'How much water should I drink a day?',
    'How much does metformin cost?',
    'No quiero cambiar mi dosis, solo saber cómo funciona la metformina.',
  ])('is not confused with an educational question, a statement or another change: %s', (message) => {
    expect(personalAdviceRequest(message)).toBeUndefined();
  });
});

describe('a request to be told a diagnosis', () => {
  it.each([
    'Do I have diabetes?',
    'My A1C came back 6.8, do I have diabetes?',
    'am i diabetec',
    'Is this a heart attack or anxiety?',
    'I’m worried I might have diabetes',
    'Could my headaches be from high blood pressure?',
    'can u tell me if this is diabetes',
    'Does my son have diabetes?',
    '¿Tengo diabetes?',
    '¿Es un infarto o ansiedad?',
    'What’s wrong with me?',
    'Does my A1C of 6.8 mean I’m diabetic?',
    'does this reading mean she is hypertensive',
  ])('is recognised: %s', (message) => {
    expect(personalAdviceRequest(message)).toBe('diagnosis');
  });

  it.each([
    'What are the symptoms of diabetes?',
    'How is diabetes diagnosed?',
    'Am I at risk of diabetes if my parents have it?',
    'How would I know if I have high blood pressure?',
    'My doctor said I have diabetes, what does that mean for my diet?',
    'Do I have any appointments this week?',
    'Do I have a refill left on my diabetes prescription?',
    'Do I have to fast before my blood test?',
    'Tengo diabetes tipo 2, ¿qué puedo desayunar?',
    '¿Qué es la diabetes?',
    'What do I have on my calendar tomorrow?',
  ])('is not confused with an educational question or a statement: %s', (message) => {
    expect(personalAdviceRequest(message)).toBeUndefined();
  });
});

describe('bad input', () => {
  it.each(['', '   ', '🙂🙂🙂', '\u0000\u0001\u0002', 'x'.repeat(100_000), 'ñ'.repeat(5_000)])(
    'gets an answer, never a crash',
    (message) => {
      expect(personalAdviceRequest(message)).toBeUndefined();
      expect(givesPersonalAdvice(message)).toBe(false);
    },
  );

  it('reads a long pasted message in bounded time', () => {
    const started = performance.now();
    personalAdviceRequest('should I double my metformin '.repeat(2_000));
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('the rule per role', () => {
  it('lets a doctor ask about a patient’s dosing (they prescribe) and guards every other role', () => {
    expect(adviceGuardApplies('doctor')).toBe(false);
    for (const role of ['patient', 'nurse', 'pharmacist', 'dietitian', 'lab_tech', 'admin', undefined]) {
      expect(adviceGuardApplies(role)).toBe(true);
    }
    const question = 'Can I double the lisinopril for my patient?';
    expect(guardedAdviceRequest(question, 'doctor')).toBeUndefined();
    expect(guardedAdviceRequest('Should I double my metformin?', 'nurse')).toBe('dose-change');
  });
});

describe('a model answer that gives personal advice', () => {
  it.each([
    'You should double your metformin tonight.',
    'Go ahead and take 10 units of insulin before bed.',
    'Take 2 tablets tonight and check your sugar.',
    'It’s fine to stop your lisinopril for a few days.',
    'Based on your A1C, you have diabetes.',
    'You definitely don’t have diabetes.',
    'This sounds like a panic attack, not a heart attack.',
    'Your results show that you have prediabetes.',
    'Usted tiene diabetes.',
    'Debe duplicar la dosis de metformina.',
  ])('is caught: %s', (answer) => {
    expect(givesPersonalAdvice(answer)).toBe(true);
  });

  it.each([
    'Metformin is usually started at 500 mg once or twice a day with meals and increased slowly.',
    'Do not stop or change your dose without talking to the clinician who prescribes it.',
    'If you have diabetes, regular eye exams matter.',
    'Only a clinician can tell whether you have diabetes.',
    'Stop taking metformin and get emergency care if you have unusual muscle pain or trouble breathing.',
    'Your doctor may increase the dose over several weeks.',
    'Never double a dose to make up for a missed one.',
    'People who have high blood pressure often feel nothing.',
  ])('is not confused with educational text: %s', (answer) => {
    expect(givesPersonalAdvice(answer)).toBe(false);
  });
});

describe('the canned reply (buildAiReply)', () => {
  const question = 'Should I double my metformin?';

  it('starts a guarded request with the referral, then the educational answer', () => {
    const { message } = buildAiReply(undefined, question, 'patient');
    expect(message.startsWith(`${ADVICE_REFERRALS['dose-change']}\n\n${cannedAnswerFor(question)}`)).toBe(
      true,
    );
  });

  it('guards when the role is unknown, and not for a doctor', () => {
    expect(buildAiReply(undefined, question).message.startsWith(ADVICE_REFERRALS['dose-change'])).toBe(true);
    expect(buildAiReply(undefined, question, 'doctor').message).not.toContain(
      ADVICE_REFERRALS['dose-change'],
    );
  });

  it('replaces a model answer that still gives a dose change with the canned educational answer', () => {
    const hostile = 'Yes, you should double your metformin tonight and see how you feel.';
    const { message } = buildAiReply(hostile, question, 'patient');
    expect(message).not.toContain('double your metformin');
    expect(message).toContain(cannedAnswerFor(question));
  });

  it('keeps an educational model answer after the referral', () => {
    const educational = 'Metformin lowers the liver’s glucose output; the dose is set by the prescriber.';
    const { message } = buildAiReply(educational, 'Do I have diabetes?', 'patient');
    expect(message.startsWith(`${ADVICE_REFERRALS.diagnosis}\n\n${educational}`)).toBe(true);
  });

  it('leaves a question that asks for no personal advice as it was', () => {
    const { message } = buildAiReply(undefined, 'What is metformin used for?', 'patient');
    expect(message).not.toContain(ADVICE_REFERRALS['dose-change']);
    expect(message).not.toContain(ADVICE_REFERRALS.diagnosis);
  });

  it('guards the secure reply by its role too', () => {
    const reply = buildSecureReply({
      modelText: undefined,
      userMessage: question,
      sources: [],
      role: 'patient',
    });
    expect(reply.message.startsWith(ADVICE_REFERRALS['dose-change'])).toBe(true);
  });
});

describe('after an emergency banner', () => {
  it('adds no referral, so "talk to your doctor" never reads as an alternative to calling 911', () => {
    const question = 'Am I having a stroke? My face is drooping';
    expect(personalAdviceRequest(question)).toBe('diagnosis');
    const reply = redFlagReplyText({ level: 'emergency', concepts: ['stroke'] }, question) ?? '';
    expect(reply.startsWith(triageBannerText('emergency'))).toBe(true);
    expect(reply).not.toContain(ADVICE_REFERRALS.diagnosis);
  });
});
