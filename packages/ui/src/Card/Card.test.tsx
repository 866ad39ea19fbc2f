import { ADMIN_TEXTS } from '@sentinel/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from '../Button/Button';
import { Card } from './Card';

describe('Card', () => {
  it('with a title is a region named by its heading', () => {
    render(
      <Card title="Patient Management" description="Secure access to records">
        <p>Body</p>
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'Patient Management' });
    expect(region.tagName).toBe('SECTION');
    expect(screen.getByRole('heading', { level: 2, name: 'Patient Management' })).toBeDefined();
    expect(screen.getByText('Secure access to records')).toBeDefined();
  });

  it('puts the title at the heading level it is given', () => {
    render(<Card title="AI Medical Insights" headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'AI Medical Insights' })).toBeDefined();
  });

  it('without a title is a plain container, not a landmark', () => {
    const { container } = render(<Card padding="small">{ADMIN_TEXTS.securityComingSoon}</Card>);
    expect(screen.queryByRole('region')).toBeNull();
    expect(container.firstElementChild?.tagName).toBe('DIV');
    expect(container.textContent).toBe(ADMIN_TEXTS.securityComingSoon);
  });

  it('shows its actions in the header, titled or not', () => {
    render(
      <>
        <Card title="Secure Communications" actions={<Button size="small">Open</Button>} />
        <Card actions={<Button size="small">Refresh</Button>} tone="info" padding="large" />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Open' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeDefined();
  });

  it('marks a tone with a stripe that changes its look', () => {
    const { container } = render(
      <>
        <Card>plain</Card>
        <Card tone="critical">critical</Card>
      </>,
    );
    const [plain, toned] = Array.from(container.children);
    expect(toned?.className).not.toBe(plain?.className);
  });
});
