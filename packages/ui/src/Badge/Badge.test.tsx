import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShieldIcon } from '../icons/icons';
import { TONES } from '../theme/tokens';
import { Badge } from './Badge';

describe('Badge', () => {
  it('says its text, so the status is never told by colour alone', () => {
    render(<Badge tone="caution">scheduled</Badge>);
    expect(screen.getByText('scheduled').tagName).toBe('SPAN');
  });

  it('looks different in each tone', () => {
    const { container } = render(
      <>
        {TONES.map((tone) => (
          <Badge key={tone} tone={tone}>
            {tone}
          </Badge>
        ))}
      </>,
    );
    const classes = new Set(Array.from(container.children, (el) => el.className));
    expect(classes.size).toBe(TONES.length);
  });

  it('looks different when strong', () => {
    render(
      <>
        <Badge tone="accent">ADMIN</Badge>
        <Badge tone="accent" weight="strong">
          ADMIN strong
        </Badge>
      </>,
    );
    expect(screen.getByText('ADMIN').className).not.toBe(screen.getByText('ADMIN strong').className);
  });

  it('keeps a leading icon decorative, so the badge reads as its text only', () => {
    render(
      <Badge tone="positive" icon={<ShieldIcon size="small" />}>
        HIPAA
      </Badge>,
    );
    const badge = screen.getByText('HIPAA');
    expect(badge.textContent).toBe('HIPAA');
    expect(screen.queryByRole('img')).toBeNull();
  });
});
