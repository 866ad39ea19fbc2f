// The host's entry, as `npm create vite` writes one: one stylesheet import, then render. Built by
// scripts/checkPackage.mjs with Vite and no plugins at all (no vanilla-extract, no React plugin).
import '@sentinel/ui/styles.css';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';

const container = document.getElementById('root');
if (container) createRoot(container).render(<App claims={{}} />);
