import { ROUTE_TEXTS } from '@sentinel/domain';
import { Button } from '../Button/Button';
import { LockIcon } from '../icons/icons';
import { ProblemPage } from '../ProblemPage/ProblemPage';

export type UnauthorizedProps = {
  /** Where the way back leads (the user's own dashboard); no button without it. */
  homePath?: string;
  /** Goes to a path (the way back to the user's dashboard). */
  onNavigate?: (path: string) => void;
};

/**
 * REQ-nav-unauthorized: /unauthorized shows 'Access Denied' and 'You don't have permission to access this
 * resource.'
 *
 * **When to use:** a signed-in user opened a page their role may not see (REQ-nav-unauthorized).
 *
 * **Accessibility:** the title is the page's heading; the way back is a button.
 *
 * **Content:** the spec's texts, unchanged.
 */
export function Unauthorized({ homePath, onNavigate }: UnauthorizedProps) {
  return (
    <ProblemPage
      icon={<LockIcon size="large" />}
      title={ROUTE_TEXTS.accessDeniedTitle}
      message={ROUTE_TEXTS.accessDeniedBody}
      action={
        homePath && onNavigate ? (
          <Button variant="primary" onClick={() => onNavigate(homePath)}>
            Go to my dashboard
          </Button>
        ) : undefined
      }
    />
  );
}
