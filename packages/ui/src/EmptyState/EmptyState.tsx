import type { ReactNode } from 'react';
import { Text } from '../Text/Text';
import * as styles from './EmptyState.css';

export type EmptyStateProps = {
  /** What is missing, e.g. USER_MANAGEMENT_TEXTS.emptyTitle ('No users found'). */
  title: string;
  /** A hint, e.g. 'Try adjusting your search criteria' (the screens pass it only while a search is active). */
  description?: string;
  /** A decorative icon, drawn large (pass an icon with size="large"). */
  icon?: ReactNode;
  /** A control that helps, e.g. a Button to clear the search. */
  action?: ReactNode;
};

/**
 * What a list shows when it has nothing to show: plain text in reading order, no special role.
 *
 * **When to use:** a list or a search with nothing to show. Say why it is empty and what the user can do.
 *
 * **Accessibility:** plain text in reading order, not announced: the user reaches it by reading on after the
 * search field or the heading.
 *
 * **Content:** the spec's text where it gives one ("No users found"), then a hint ("Try adjusting your search
 * criteria").
 */
export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  return (
    <div className={styles.root}>
      {icon !== undefined && <span className={styles.icon}>{icon}</span>}
      <Text weight="strong">{title}</Text>
      {description !== undefined && (
        <Text size="small" tone="muted">
          {description}
        </Text>
      )}
      {action !== undefined && <div className={styles.action}>{action}</div>}
    </div>
  );
}
