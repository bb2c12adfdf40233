import { useState, type FormEvent } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { failureStatus } from '@/api/failures';
import { getUser } from '@/auth/session';
import { LightTextField } from '@/ui/LightTextField';
import { errorKeyFor } from './messages';
import { newPasswordKey, validatePasswordChange, type Errors, type PasswordChange } from './validation';

type Translate = (key: string) => string;

export interface PasswordField<K extends string> {
  name: K;
  label: string;
  autoComplete: string;
}

/** Password inputs: one per field, each with its label, its autocomplete hint and its message. */
export function PasswordFields<K extends string>(props: {
  fields: readonly PasswordField<K>[];
  values: Record<K, string>;
  errors: Errors<K>;
  onChange: (name: K, value: string) => void;
  translate: Translate;
}) {
  const { fields, values, errors, onChange, translate } = props;
  return fields.map((f) => (
    <LightTextField
      key={f.name}
      label={translate(f.label)}
      name={f.name}
      type="password"
      autoComplete={f.autoComplete}
      required
      value={values[f.name]}
      onChange={(e) => onChange(f.name, e.target.value)}
      error={Boolean(errors[f.name])}
      helperText={errors[f.name] ? translate(errors[f.name]!) : undefined}
    />
  ));
}

const EMPTY: PasswordChange = { oldPassword: '', newPassword: '', newPasswordConfirm: '' };

const FIELDS: PasswordField<keyof PasswordChange>[] = [
  { name: 'oldPassword', label: 'app.password.old', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'app.password.new', autoComplete: 'new-password' },
  { name: 'newPasswordConfirm', label: 'app.password.confirm', autoComplete: 'new-password' },
];

export interface PasswordChangeFormProps {
  /** Sends `POST /user/new-password` (oldPassword, newPassword, newPasswordConfirm). */
  send: (body: PasswordChange) => Promise<unknown>;
  translate: Translate;
  /** Shows a failure other than a wrong current password; without it the form says it itself. */
  onFailure?: (error: unknown) => void;
  /** The form's widest, in pixels (none: the width of its column). */
  maxWidth?: number;
}

/**
 * The signed-in user's password change, the same on the profile and on /new-password: the fields
 * are checked first (required, the password rule, the confirmation equal, the new password not
 * the username), then sent. A 400 from the service then means the current password is wrong.
 */
export function PasswordChangeForm({ send, translate, onFailure, maxWidth }: PasswordChangeFormProps) {
  const [values, setValues] = useState<PasswordChange>(EMPTY);
  const [errors, setErrors] = useState<Errors<keyof PasswordChange>>({});
  const [result, setResult] = useState<{ ok: boolean; key: string }>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validatePasswordChange(values);
    setErrors(invalid);
    setResult(undefined);
    if (Object.keys(invalid).length) return;
    setSubmitting(true);
    try {
      const weak = await newPasswordKey(values.newPassword, [getUser()?.username ?? '']);
      if (weak) return setErrors({ newPassword: weak });
      await send(values);
      setValues(EMPTY);
      setResult({ ok: true, key: 'app.password.done' });
    } catch (e) {
      if (failureStatus(e) === 400) setResult({ ok: false, key: 'app.password.wrong_old' });
      else if (onFailure) onFailure(e);
      else setResult({ ok: false, key: errorKeyFor(e) });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth }}>
      <PasswordFields fields={FIELDS} values={values} errors={errors} translate={translate} onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))} />
      {result ? (
        <Alert severity={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'}>
          {translate(result.key)}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" disabled={submitting} sx={{ alignSelf: 'flex-start' }}>
        {translate('app.password.submit')}
      </Button>
    </Box>
  );
}
