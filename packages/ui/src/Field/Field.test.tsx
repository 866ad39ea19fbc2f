import { USER_MANAGEMENT_TEXTS } from '@sentinel/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SearchField, Select, TextField, Textarea } from './Field';

describe('TextField', () => {
  it('is found by its visible label and takes the requested type and limits', () => {
    render(<TextField label="Refills" type="number" min={0} max={10} defaultValue="2" />);
    const input = screen.getByLabelText('Refills');
    expect(input.getAttribute('type')).toBe('number');
    expect(input.getAttribute('min')).toBe('0');
    expect(input.getAttribute('max')).toBe('10');
    expect((input as HTMLInputElement).value).toBe('2');
  });

  it('marks a required field as required for assistive technology and shows a marker', () => {
    render(<TextField label="Email" type="email" required />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect((input as HTMLInputElement).required).toBe(true);
    expect(screen.getByText('*').getAttribute('aria-hidden')).toBe('true');
  });

  it('announces the hint and the error with the input and marks it invalid', () => {
    render(<TextField label="Email" hint="We never share it" error="Enter a valid email" />);
    const input = screen.getByRole('textbox', {
      name: 'Email',
      description: 'We never share it Enter a valid email',
    });
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('is not marked invalid and has no description without hint or error', () => {
    render(<TextField label="Name" />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it('keeps a describedby given by the caller next to its own hint', () => {
    render(
      <>
        <p id="extra">Shown on the card</p>
        <TextField label="Name" hint="Full name" aria-describedby="extra" />
      </>,
    );
    expect(
      screen.getByRole('textbox', { name: 'Name', description: 'Full name Shown on the card' }),
    ).toBeTruthy();
  });

  it('works controlled: the owner decides the value', async () => {
    function Controlled() {
      const [value, setValue] = useState('Jane');
      return (
        <>
          <TextField label="Name" value={value} onChange={(e) => setValue(e.target.value.toUpperCase())} />
          <output>{value}</output>
        </>
      );
    }
    render(<Controlled />);
    await userEvent.type(screen.getByLabelText('Name'), 'x');
    expect(screen.getByRole('status').textContent).toBe('JANEX');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('JANEX');
  });

  it('forwards its ref to the input element', () => {
    const ref = createRef<HTMLInputElement>();
    render(<TextField label="Name" ref={ref} />);
    expect(ref.current).toBe(screen.getByLabelText('Name'));
  });
});

describe('Select', () => {
  const options = [
    { value: 'patient', label: 'Patient' },
    { value: 'doctor', label: 'Doctor' },
  ];

  it('offers its options under its label and reports a change', async () => {
    const onChange = vi.fn();
    render(
      <Select
        label="Role"
        options={options}
        defaultValue="patient"
        onChange={(e) => onChange(e.target.value)}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Role' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Patient', 'Doctor']);
    await userEvent.selectOptions(select, 'doctor');
    expect(onChange).toHaveBeenCalledWith('doctor');
  });

  it('announces its error', () => {
    render(<Select label="Role" options={options} error="Choose a role" required />);
    const select = screen.getByRole('combobox', { name: 'Role', description: 'Choose a role' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect((select as HTMLSelectElement).required).toBe(true);
  });
});

describe('Textarea', () => {
  it('has the requested rows and passes key presses to the owner (Enter sends, Shift+Enter adds a line)', async () => {
    const sent: string[] = [];
    function Chat() {
      const [text, setText] = useState('');
      return (
        <Textarea
          label="Message"
          rows={2}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              sent.push(text);
              setText('');
            }
          }}
        />
      );
    }
    render(<Chat />);
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    expect(box.getAttribute('rows')).toBe('2');
    await userEvent.type(box, 'Hello{Shift>}{Enter}{/Shift}there{Enter}');
    expect(sent).toEqual(['Hello\nthere']);
    expect(box.value).toBe('');
  });

  it('defaults to three rows and announces hint and error', () => {
    render(<Textarea label="Notes" hint="Optional" error="Too long" />);
    const box = screen.getByRole('textbox', {
      name: 'Notes',
      description: 'Optional Too long',
    }) as HTMLTextAreaElement;
    expect(box.getAttribute('rows')).toBe('3');
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('SearchField', () => {
  it('submits the typed text on Enter', async () => {
    const onSubmit = vi.fn();
    render(
      <SearchField
        label="Search users"
        placeholder={USER_MANAGEMENT_TEXTS.searchPlaceholder}
        onSubmit={onSubmit}
      />,
    );
    const input = screen.getByRole('searchbox', { name: 'Search users' });
    expect(input.getAttribute('placeholder')).toBe(USER_MANAGEMENT_TEXTS.searchPlaceholder);
    await userEvent.type(input, 'metformin');
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('metformin');
  });

  it('keeps a hidden label for screen readers', () => {
    render(<SearchField label="Search knowledge" hideLabel />);
    expect(screen.getByRole('searchbox', { name: 'Search knowledge' })).toBeTruthy();
  });

  it('lets the owner cancel the submit from its own key handler', async () => {
    const onSubmit = vi.fn();
    const onKeyDown = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(<SearchField label="Search" onSubmit={onSubmit} onKeyDown={onKeyDown} />);
    await userEvent.type(screen.getByRole('searchbox'), 'a{Enter}');
    expect(onKeyDown).toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('works without a submit handler and forwards its ref', async () => {
    const ref = createRef<HTMLInputElement>();
    render(<SearchField label="Search" ref={ref} />);
    await userEvent.type(screen.getByRole('searchbox'), 'abc{Enter}');
    expect(ref.current?.value).toBe('abc');
  });
});
