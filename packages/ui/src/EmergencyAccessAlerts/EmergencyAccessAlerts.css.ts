import { style } from '@vanilla-extract/css';

/** Times and names stay on one line; on narrow screens the table scrolls sideways (the Table frame) instead. */
export const nowrap = style({ whiteSpace: 'nowrap' });

/** The reason is free text of up to 500 characters: it wraps, and a long word breaks rather than overflow. */
export const reason = style({ overflowWrap: 'anywhere' });
