// Measures what each screen adds to a bundle: one Vite build with every screen as an entry, so code shared by
// several screens (React Query, primitives, domain rules) lands in shared chunks and each entry chunk holds
// what that screen alone adds. Prints gzipped sizes; React and React DOM are left out (every host has them).
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, '.cache', 'sizes');
const SCREENS = [
  'Landing',
  'LoadingScreen',
  'Unauthorized',
  'PatientDashboard',
  'DoctorPortal',
  'AdminDashboard',
  'UserManagement',
  'ChatPanel',
  'ChallengeDemo',
  'Appointments',
  'MedicalRecords',
  'Prescriptions',
  'KnowledgeBase',
];

rmSync(outDir, { recursive: true, force: true });
await build({
  root,
  logLevel: 'warn',
  plugins: [vanillaExtractPlugin(), react()],
  build: {
    outDir,
    emptyOutDir: true,
    cssCodeSplit: true,
    lib: {
      entry: Object.fromEntries(SCREENS.map((s) => [s, join(root, 'src', s, `${s}.tsx`)])),
      formats: ['es'],
    },
    rollupOptions: { external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'] },
  },
});

const gz = (file) => gzipSync(readFileSync(join(outDir, file))).length;
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const files = readdirSync(outDir);
const rows = SCREENS.map((s) => {
  const js = files.find((f) => f === `${s}.js`);
  return { screen: s, own: js ? gz(js) : 0 };
});
const shared = files.filter((f) => f.endsWith('.js') && !SCREENS.includes(f.replace(/\.js$/, '')));
const css = files.filter((f) => f.endsWith('.css'));
console.log('screen | own JS (gzip)');
console.log('--- | ---');
for (const r of rows) console.log(`${r.screen} | ${kb(r.own)}`);
console.log(`shared chunks (${shared.length}) | ${kb(shared.reduce((n, f) => n + gz(f), 0))}`);
console.log(`CSS (${css.length} files) | ${kb(css.reduce((n, f) => n + gz(f), 0))}`);
