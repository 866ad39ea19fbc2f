// Measures what each screen adds to a host app that already has React: one Vite library build per screen
// (everything it needs: primitives, TanStack Query, domain rules, markdown), gzipped. Dashboards include the
// screens of their tabs.
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

const gz = (file) => gzipSync(readFileSync(file)).length;
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const sizeOf = (dir, ext) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(ext))
    .reduce((n, f) => n + gz(join(dir, f)), 0);

console.log('screen | JS (gzip) | CSS (gzip)');
console.log('--- | --- | ---');
for (const screen of SCREENS) {
  const dir = join(outDir, screen);
  rmSync(dir, { recursive: true, force: true });
  await build({
    root,
    logLevel: 'warn',
    plugins: [vanillaExtractPlugin(), react()],
    build: {
      outDir: dir,
      emptyOutDir: true,
      lib: { entry: join(root, 'src', screen, `${screen}.tsx`), formats: ['es'], fileName: screen },
      rollupOptions: { external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'] },
    },
  });
  console.log(`${screen} | ${kb(sizeOf(dir, '.js'))} | ${kb(sizeOf(dir, '.css'))}`);
}
