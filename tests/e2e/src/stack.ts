/**
 * The product's stack as the end-to-end tests see it: the one launcher shared with `npm start` and the contract
 * tests, and its fixed addresses (REQ-arch-start).
 */
import type { ChildProcess } from 'node:child_process';
import * as launcher from '../../../scripts/stack.mjs';

export { IDP_URL, PORTAL_URL, ROOT } from '../../../scripts/stack.mjs';

/** The portal's client id at the embedded identity provider (apps/portal/src/config.ts). */
export const CLIENT_ID = 'sentinel-portal';

export type StackOptions = {
  dev?: boolean;
  /** One folder for the identity provider's and the API's data (a fresh temporary one in tests). */
  dataRoot?: string;
  stdio?: 'inherit' | 'ignore';
  env?: Record<string, string>;
};
export type Stack = {
  portalUrl: string;
  idpUrl: string;
  hasApi: boolean;
  children: ChildProcess[];
  stop: () => Promise<void>;
};

/**
 * scripts/stack.mjs is plain JavaScript without JSDoc types (TypeScript cannot infer its optional `dataRoot`),
 * so its documented signature is stated here.
 */
export const startStack = launcher.startStack as unknown as (options?: StackOptions) => Promise<Stack>;
