import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as styles from './Icon.css';
import { createIcon } from './Icon';
import { CheckIcon, LogoutIcon, SendIcon } from './icons';

const svgOf = (element: ReactElement) => render(element).container.querySelector('svg')!;

describe('icons on a right-to-left page', () => {
  it('mirror the icons that point along the line: send and sign out', () => {
    expect(svgOf(<SendIcon />).classList).toContain(styles.mirrored);
    expect(svgOf(<LogoutIcon />).classList).toContain(styles.mirrored);
  });

  it('leave icons without a direction as drawn', () => {
    expect(svgOf(<CheckIcon />).classList).not.toContain(styles.mirrored);
  });

  it('mirror a new icon only when it asks to', () => {
    const Arrow = createIcon('ArrowIcon', <path d="M5 12h14" />, { mirrorInRtl: true });
    const Dot = createIcon('DotIcon', <circle cx="12" cy="12" r="2" />);
    expect(svgOf(<Arrow />).classList).toContain(styles.mirrored);
    expect(svgOf(<Dot />).classList).not.toContain(styles.mirrored);
  });
});
