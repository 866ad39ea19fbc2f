/** Settings for docs pages (source snippets and the like), spread into `parameters.docs` by preview.tsx. */

/**
 * Story handlers are spies (`fn()`) whose names the build minifies, so a snippet would print
 * `onClick={function due(){}}`; a reader copying it wants a plain handler.
 */
export function readableHandlers(code: string): string {
  return code.replace(/\{function [\w$]*\(\)\s*\{\s*\}\}/g, '{() => {}}');
}

export const docsParameters = {
  source: {
    /*
     * "Show code" prints the JSX the story rendered, with the components' names (docgen sets a displayName on
     * every component in packages/ui, so the minified build no longer prints `<We />`). The preview's
     * providers (theme, session, API, alerts) are left out: a reader copies the component, not our harness.
     */
    type: 'dynamic',
    excludeDecorators: true,
    transform: readableHandlers,
  },
  /** Long pages (foundations, the content guide, screens with many states) get a table of contents. */
  toc: { headingSelector: 'h2, h3', title: 'On this page' },
} as const;
