import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadMarkdownRenderer } from '../Markdown/Markdown';

// findBy and waitFor wait for an outcome and return as soon as it is there; this is only how long they may look
// before the test fails. Screens wait on the mock API, the query client's one retry (a second) and chunks
// fetched when first needed: on a 2-core machine shared with other work the default 1 s is not enough, and a
// test must not fail for the machine being busy. Tests do not pass their own shorter limits.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());

// Screens render markdown once their data has arrived; the parser is a chunk of its own (REQ-perf), loaded here
// up front so screen tests see what a user sees once it is there. Markdown.test covers the wait itself.
await loadMarkdownRenderer();
