// Runs in Node from the host folder scripts/checkPackage.mjs makes: the packages load as plain ESM (no TypeScript
// loader, no CSS import in the JavaScript), a screen renders on the server, and every class it renders is defined
// in the one stylesheet a host imports.
import { RECORD_TEXTS, formatDate } from '@sentinel/domain';
import { DEFAULT_ERROR_MESSAGES } from '@sentinel/domain/contract';
import { Button, MedicalRecordsScreen, ThemeProvider, lightTheme, vars } from '@sentinel/ui';
import * as theme from '@sentinel/ui/theme';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';

const assert = (condition, message) => {
  if (!condition) throw new Error(message);
};

assert(formatDate('2026-11-02', { locale: 'en-US', timeZone: 'UTC' }).length > 0, 'domain runs');
assert(typeof DEFAULT_ERROR_MESSAGES.internal === 'string', 'the contract entry loads');

const noop = () => undefined;
const html = renderToString(
  h(
    ThemeProvider,
    { theme: 'light' },
    h(Button, { onClick: noop }, RECORD_TEXTS.viewDetails),
    h(MedicalRecordsScreen, {
      viewerRole: 'doctor',
      records: [],
      canWrite: true,
      today: '2026-11-02',
      onViewDetails: noop,
      onCloseDetails: noop,
      onEditRecord: noop,
      onCreate: async () => ({ ok: false, message: 'x' }),
    }),
  ),
);
assert(
  html.includes(RECORD_TEXTS.viewDetails) && html.includes(RECORD_TEXTS.newRecord),
  'the screen renders',
);

const css = readFileSync(fileURLToPath(import.meta.resolve('@sentinel/ui/styles.css')), 'utf8');
const classes = new Set(
  [...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/)).filter(Boolean),
);
// A variant with no styles (`off: {}`) renders a class that no rule needs; anything more than a few such means
// the JavaScript and the stylesheet came from different builds.
const missing = [...classes].filter((name) => !css.includes(`.${name}`));
assert(classes.size > 10, 'the screen uses our classes');
assert(new RegExp(`\\.${lightTheme}\\s*\\{[^}]*--`).test(css), 'styles.css defines the light theme');
assert(missing.length <= classes.size / 10, `classes without a rule in styles.css: ${missing.join(' ')}`);
// The theme entry names the same classes and variables as the main one, and its stylesheet holds no component.
const themeCss = readFileSync(fileURLToPath(import.meta.resolve('@sentinel/ui/theme.css')), 'utf8');
assert(
  theme.lightTheme === lightTheme && theme.vars.color.text === vars.color.text,
  'one theme, two entries',
);
assert(new RegExp(`\\.${lightTheme}\\s*\\{[^}]*--`).test(themeCss), 'theme.css defines the light theme');
assert(themeCss.length < css.length / 5, 'theme.css is the theme alone');

console.log(
  `smoke: a screen renders in Node (${html.length} characters); ${classes.size - missing.length} of its ` +
    `${classes.size} classes have rules in styles.css (the rest are empty variants)`,
);
