/** What `GET /api/assistant/status` reports for the built-in demo model (the mock API's assistant). */
export const DEMO_ASSISTANT_STATUS = {
  available: true,
  provider: 'Sentinel demo model',
  model: 'sentinel-demo',
  demo: true,
} as const;
