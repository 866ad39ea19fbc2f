import { ROUTE_TEXTS } from '@sentinel/domain';
import { FullScreenSpinner } from '../Spinner/Spinner';

/**
 * REQ-nav-loading: shown while authentication loads: the product name and 'Securing your medical data...'.
 */
export function LoadingScreen() {
  return (
    <main>
      <FullScreenSpinner label={ROUTE_TEXTS.loading} />
    </main>
  );
}
