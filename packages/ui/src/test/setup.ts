import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadMarkdownRenderer } from '../Markdown/Markdown';

afterEach(() => cleanup());

// Screens render markdown once their data has arrived; the parser is a chunk of its own (issue 7), loaded here
// up front so screen tests see what a user sees once it is there. Markdown.test covers the wait itself.
await loadMarkdownRenderer();
