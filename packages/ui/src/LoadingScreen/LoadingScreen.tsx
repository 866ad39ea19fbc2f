import { ROUTE_TEXTS } from '@sentinel/domain';
import { FullScreenSpinner } from '../Spinner/Spinner';

/**
 * REQ-nav-loading: shown while authentication loads: the product name and 'Securing your medical data...'.
 *
 * **When to use:** while the sign-in state is not known yet (REQ-nav-loading).
 *
 * **Accessibility:** the message is a status, read out politely.
 */
export function LoadingScreen() {
  return (
    <main>
      <FullScreenSpinner label={ROUTE_TEXTS.loading} />
    </main>
  );
}
