/**
 * Live examples for the health content guide: the product's own texts and formatters from @sentinel/domain,
 * shown as they are, so the guide quotes the shipped words rather than a copy that could drift.
 */
import type { CSSProperties } from 'react';
import { Table } from '../foundations/Foundations';
import {
  CHAT_TEXTS,
  DISCLAIMER,
  PERMISSION_ALERTS,
  TRIAGE_BANNERS,
  VITALS_UNITS,
  formatDate,
  formatDateAndTime,
  formatLastLogin,
  formatTimeOfDay,
  formatVitals,
} from '@sentinel/domain';

const cell: CSSProperties = { padding: '6px 10px', verticalAlign: 'top', textAlign: 'start' };

const LEVEL_NOTES = {
  emergency: 'Red-flag: no model is asked. Says the number first, then what to do now.',
  crisis: 'Red-flag: supportive, short, two ways to reach help (call or text), 911 if in danger.',
  poison: 'Red-flag: the number, then act now even if the person feels fine.',
  urgent: 'Calm: who to contact today, and when to call 911 instead.',
} as const satisfies Record<keyof typeof TRIAGE_BANNERS, string>;

/** The four triage banners exactly as the product shows them (packages/domain/src/triageTexts.ts). */
export function TriageBannerTexts() {
  return (
    <Table caption="Safety banners (REQ-triage-replies)" head={['Level', 'Title', 'Body', 'Why it reads so']}>
      {(Object.keys(TRIAGE_BANNERS) as (keyof typeof TRIAGE_BANNERS)[]).map((level) => (
        <tr key={level}>
          <th scope="row" style={cell}>
            {level}
          </th>
          <td style={{ ...cell, fontWeight: 600 }}>{TRIAGE_BANNERS[level].title}</td>
          <td style={cell}>{TRIAGE_BANNERS[level].body}</td>
          <td style={cell}>{LEVEL_NOTES[level]}</td>
        </tr>
      ))}
    </Table>
  );
}

/** Errors and refusals in the product's words. */
export function ErrorTexts() {
  const rows: [string, string, string][] = [
    ['REQ-err-chat-failure', 'A chat reply failed', CHAT_TEXTS.technicalDifficulties],
    ['REQ-err-alert-records', 'A patient asked for another record', PERMISSION_ALERTS.ownRecordsOnly],
    [
      'REQ-err-alert-prescriptions',
      'A role without the permission tried a refill',
      PERMISSION_ALERTS.processRefills,
    ],
    ['REQ-chat-unavailable', 'No AI provider is configured (heading)', CHAT_TEXTS.notAvailableTitle],
    ['REQ-product-educational', 'Every assistant answer ends with', DISCLAIMER],
  ];
  return (
    <Table caption="Errors, refusals and the disclaimer" head={['Requirement', 'When', 'Text shown']}>
      {rows.map(([req, when, text]) => (
        <tr key={req}>
          <th scope="row" style={cell}>
            <code>{req}</code>
          </th>
          <td style={cell}>{when}</td>
          <td style={cell}>{text}</td>
        </tr>
      ))}
    </Table>
  );
}

/** The example's 'now': the moment the stories' fixed clock shows (REQ-arch-fixed-clock). */
const NOW = new Date('2026-11-02T14:30:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;

/** Dates, times and relative times from the domain formatters, on the stories' fixed clock. */
export function DateExamples() {
  const rows: [string, string, string][] = [
    ['formatDate', `formatDate('2026-11-02')`, formatDate('2026-11-02')],
    [
      'formatDateAndTime',
      `formatDateAndTime('2026-11-02', '09:30')`,
      formatDateAndTime('2026-11-02', '09:30'),
    ],
    ['formatTimeOfDay', 'a chat message time', formatTimeOfDay(NOW.toISOString())],
    [
      'formatLastLogin',
      'earlier today',
      formatLastLogin(new Date(NOW.getTime() - 2 * 60 * 60 * 1000).toISOString(), NOW),
    ],
    [
      'formatLastLogin',
      'the day before',
      formatLastLogin(new Date(NOW.getTime() - DAY_MS).toISOString(), NOW),
    ],
    [
      'formatLastLogin',
      'three days ago',
      formatLastLogin(new Date(NOW.getTime() - 3 * DAY_MS).toISOString(), NOW),
    ],
    [
      'formatLastLogin',
      'ten days ago',
      formatLastLogin(new Date(NOW.getTime() - 10 * DAY_MS).toISOString(), NOW),
    ],
    ['formatLastLogin', 'never signed in', formatLastLogin(undefined, NOW)],
  ];
  return (
    <Table
      caption="Dates and times (fixed clock: 2 November 2026, 14:30 UTC)"
      head={['Formatter', 'Input', 'Shown']}
    >
      {rows.map(([fn, input, shown]) => (
        <tr key={`${fn}:${input}`}>
          <th scope="row" style={cell}>
            <code>{fn}</code>
          </th>
          <td style={cell}>{input}</td>
          <td style={{ ...cell, fontWeight: 600 }}>{shown}</td>
        </tr>
      ))}
    </Table>
  );
}

/** Vital signs with their units, from formatVitals and VITALS_UNITS (REQ-limit-vitals-units). */
export function UnitExamples() {
  const vitals = formatVitals({
    bloodPressure: '120/80',
    heartRate: 72,
    temperature: 98.6,
    weight: 70,
    height: 175,
  });
  return (
    <Table caption="Vital signs and their units" head={['Reading', 'Shown', 'Unit']}>
      {vitals.map(({ label, value }) => (
        <tr key={label}>
          <th scope="row" style={cell}>
            {label}
          </th>
          <td style={{ ...cell, fontWeight: 600 }}>{value}</td>
          <td style={cell}>
            <code>{value.split(' ').slice(1).join(' ')}</code>
          </td>
        </tr>
      ))}
      <tr>
        <th scope="row" style={cell}>
          All units
        </th>
        <td style={cell} colSpan={2}>
          {Object.values(VITALS_UNITS).join(', ')}
        </td>
      </tr>
    </Table>
  );
}
