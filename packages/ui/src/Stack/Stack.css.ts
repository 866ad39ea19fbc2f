import { style } from '@vanilla-extract/css';

/** Lists laid out as stacks drop their bullets and indent; role="list" keeps their semantics (Safari drops it). */
export const list = style({ listStyle: 'none', margin: 0, padding: 0 });
