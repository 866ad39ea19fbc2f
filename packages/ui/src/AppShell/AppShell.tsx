import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '@sentinel/domain';
import { Avatar } from '../Avatar/Avatar';
import { Badge } from '../Badge/Badge';
import { Box } from '../Box/Box';
import { Button } from '../Button/Button';
import { LogoutIcon, ShieldIcon } from '../icons/icons';
import type { Tone } from '../theme/tokens';
import { Heading, Text } from '../Text/Text';
import * as styles from './AppShell.css';

export type AppShellProps = {
  /** Shown after the product name, e.g. 'Admin' (REQ-screen-admin-top). */
  productSuffix?: string;
  /** Whose page it is: the name and picture in the header. */
  user: { name: string; picture?: string };
  /** The greeting under the page heading, e.g. 'Welcome back, Jane'. */
  heading: string;
  /** A line under the title (the dashboard's greeting). */
  subheading?: string;
  /** The role badge beside the name, in words and a tone. */
  roleBadge?: { text: string; tone: Tone };
  /** Signs out (the Logout button). */
  onLogout: () => void;
  /** The page's content under the header. */
  children: ReactNode;
};

/** The signed-in frame of every dashboard: a navigation bar with the user and Log out, and the main region. */
export function AppShell({
  productSuffix,
  user,
  heading,
  subheading,
  roleBadge,
  onLogout,
  children,
}: AppShellProps) {
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main-content">
        Skip to content
      </a>
      <header className={styles.bar}>
        <div className={styles.brand}>
          <ShieldIcon size="large" />
          <Text as="span" size="large" weight="strong">
            {productSuffix ? `${PRODUCT_NAME} ${productSuffix}` : PRODUCT_NAME}
          </Text>
        </div>
        <Box as="nav" aria-label="Account" display="flex" alignItems="center" gap="medium" flexWrap="wrap">
          <Avatar name={user.name} picture={user.picture} decorative />
          <Text as="span" weight="medium">
            {user.name}
          </Text>
          {roleBadge ? (
            <Badge tone={roleBadge.tone} weight="strong">
              {roleBadge.text}
            </Badge>
          ) : null}
          <Button variant="secondary" size="small" icon={<LogoutIcon />} onClick={onLogout}>
            Log out
          </Button>
        </Box>
      </header>
      <main id="main-content" tabIndex={-1} className={styles.main}>
        <Box display="flex" flexDirection="column" gap="xsmall">
          <Heading level={1}>{heading}</Heading>
          {subheading ? <Text tone="muted">{subheading}</Text> : null}
        </Box>
        {children}
      </main>
    </div>
  );
}
