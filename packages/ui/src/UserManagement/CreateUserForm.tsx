import { ROLES, USER_MANAGEMENT_TEXTS, showsDepartmentFields, type Role } from '@sentinel/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AlertMessage } from '../AlertRegion/AlertRegion';
import { Box } from '../Box/Box';
import { Button } from '../Button/Button';
import { Card } from '../Card/Card';
import { Select, TextField } from '../Field/Field';
import { Stack } from '../Stack/Stack';
import { Text } from '../Text/Text';
import type { CreateUserOutcome, NewUser } from './UserManagement.data';
import { ROLE_LABELS } from '../KnowledgeBase/KnowledgeBase.utils';
import { USER_MANAGEMENT_SCREEN_TEXTS as T } from './UserManagement.utils';

const FIELD_NAMES = ['name', 'email', 'role', 'phone', 'department', 'specialization'] as const;
type FieldName = (typeof FIELD_NAMES)[number];
type FormValues = {
  name: string;
  email: string;
  role: Role;
  phone: string;
  department: string;
  specialization: string;
};

/** REQ-limit-new-user: a new user starts as a patient. */
const EMPTY: FormValues = {
  name: '',
  email: '',
  role: 'patient',
  phone: '',
  department: '',
  specialization: '',
};

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

export type CreateUserFormProps = {
  /** Sends the form; resolves with the server's answer (field errors when it refuses the input). */
  onCreate: (form: NewUser) => Promise<CreateUserOutcome>;
  /** Closes the form (Cancel, or after a successful create). */
  onClose: () => void;
  /** A create request is on its way: the form's submit button shows busy and ignores presses. */
  creating?: boolean;
};

/**
 * REQ-users-add 'Create New User', inline. The server validates (a name and a valid e-mail,
 * REQ-data-new-user-form); its field errors are shown under the fields they belong to, and the first invalid
 * field gets focus. Native browser validation is off (noValidate) so every user hears the same messages, from
 * the same place. Department and specialization appear only for doctors and admins (domain
 * showsDepartmentFields). The form says that the person will get an e-mail invitation (REQ-users-sign-in): an
 * account is usable only once they set a password through it.
 */
export function CreateUserForm({ onCreate, onClose, creating = false }: CreateUserFormProps) {
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const refs = useRef<Partial<Record<FieldName, HTMLInputElement | HTMLSelectElement | null>>>({});
  const withDepartment = showsDepartmentFields(values.role);

  // The form opens on request (Add User): take the user straight to its first field.
  useEffect(() => {
    refs.current.name?.focus();
  }, []);

  const set = (name: FieldName, value: string) => setValues((current) => ({ ...current, [name]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const outcome = await onCreate({
      name: values.name,
      email: values.email,
      role: values.role,
      phone: values.phone,
      department: withDepartment ? values.department : '',
      specialization: withDepartment ? values.specialization : '',
    });
    if (outcome.ok) {
      setValues(EMPTY);
      setFieldErrors({});
      setFormError(undefined);
      onClose();
      return;
    }
    const given = outcome.error.fields ?? {};
    const next: Partial<Record<FieldName, string>> = {};
    for (const name of FIELD_NAMES) if (given[name]) next[name] = given[name];
    setFieldErrors(next);
    const first = FIELD_NAMES.find((name) => next[name]);
    // Field errors speak for themselves beside their fields; anything else (a duplicate e-mail, a 403) is
    // shown above the buttons.
    setFormError(first ? undefined : outcome.error.message);
    if (first) refs.current[first]?.focus();
  };

  const field = (
    name: Exclude<FieldName, 'role'>,
    type: 'text' | 'email' | 'tel' = 'text',
    required = false,
  ) => (
    <TextField
      ref={(el) => {
        refs.current[name] = el;
      }}
      label={T.fields[name]}
      name={name}
      type={type}
      required={required}
      autoComplete={name === 'name' ? 'name' : name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'off'}
      value={values[name]}
      error={fieldErrors[name]}
      onChange={(event) => set(name, event.target.value)}
    />
  );

  return (
    <Card title={USER_MANAGEMENT_TEXTS.createTitle} headingLevel={3}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack space="large">
          <Box display="grid" gridTemplateColumns={{ mobile: 1, tablet: 2 }} gap="medium">
            {field('name', 'text', true)}
            {field('email', 'email', true)}
            <Select
              ref={(el) => {
                refs.current.role = el;
              }}
              label={T.fields.role}
              name="role"
              options={ROLE_OPTIONS}
              value={values.role}
              error={fieldErrors.role}
              onChange={(event) => {
                if (isRole(event.target.value)) set('role', event.target.value);
              }}
            />
            {field('phone', 'tel')}
            {withDepartment ? (
              <>
                {field('department')}
                {field('specialization')}
              </>
            ) : null}
          </Box>
          <Text size="small" tone="muted">
            {T.invitationHint}
          </Text>
          {formError ? <AlertMessage message={formError} /> : null}
          <Stack direction="horizontal" space="small" justify="end">
            <Button variant="secondary" onClick={onClose}>
              {T.cancel}
            </Button>
            <Button type="submit" loading={creating}>
              {T.create}
            </Button>
          </Stack>
        </Stack>
      </form>
    </Card>
  );
}
