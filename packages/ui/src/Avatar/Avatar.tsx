import { initials } from '@sentinel/domain';
import { useState } from 'react';
import * as styles from './Avatar.css';

export const AVATAR_SIZES = styles.AVATAR_SIZES;
export type AvatarSize = (typeof AVATAR_SIZES)[number];

export type AvatarProps = {
  /** The person's name: the picture's alt text, and the source of the initials. */
  name: string;
  /** Picture URL. When missing or when it fails to load, the initials show instead (REQ-users-table). */
  picture?: string;
  /** standard (40 px) beside a line of text, large (64 px) in a dialog's header. */
  size?: AvatarSize;
  /**
   * Set when the name is written right beside the avatar (the user table, the top bar), so a screen reader
   * does not hear it twice.
   */
  decorative?: boolean;
};

/**
 * A person's picture, or their initials (domain `initials`) when there is none or it is broken.
 *
 * **When to use:** beside a person's name: the app bar, the user table, the user dialog.
 *
 * **Accessibility:** with `decorative` (the name is printed beside it) it is hidden from assistive technology;
 * otherwise the name is its alt text, or the label of the initials (role img).
 *
 * **Content:** the person's display name; initials come from the domain `initials` rule.
 */
export function Avatar({ name, picture, size = 'standard', decorative = false }: AvatarProps) {
  // Remember which address failed, so a new picture gets its own chance to load.
  const [failed, setFailed] = useState<string | undefined>(undefined);
  const className = `${styles.base} ${styles.size[size]}`;
  if (picture && picture !== failed) {
    return (
      <img
        className={className}
        src={picture}
        alt={decorative ? '' : name}
        onError={() => setFailed(picture)}
      />
    );
  }
  if (decorative) {
    return (
      <span className={`${className} ${styles.initials}`} aria-hidden="true">
        {initials(name)}
      </span>
    );
  }
  return (
    <span className={`${className} ${styles.initials}`} role="img" aria-label={name}>
      {initials(name)}
    </span>
  );
}
