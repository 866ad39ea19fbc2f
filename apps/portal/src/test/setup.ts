import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Signed-in pages and dashboards are lazy chunks: the first test to open one waits for Vite to transform it,
// which takes seconds on a loaded 2-core machine (the default 1 s made CI fail while the page was on its way).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
