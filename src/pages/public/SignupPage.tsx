import { useState, type FormEvent } from 'react';
import { Alert } from '@mui/material';
import { useMessages } from '@/i18n/lookup';
import { LightTextField } from '@/ui/LightTextField';
import { PublicForm, PublicLink, PublicPage } from '@/layout/PublicPage';
import { useUnsavedChangesGuard } from '@/forms/unsavedChangesGuard';
import { errorKeyFor, statusOf } from '../messages';
import { newPasswordKey, validateSignup, type Errors, type Signup } from '../validation';
import { signUp } from './calls';

const FIELDS: {
  name: keyof Signup;
  label: string;
  type?: string;
  autoComplete?: string;
  optional?: boolean;
}[] = [
  { name: 'username', label: 'app.auth.username', autoComplete: 'username' },
  { name: 'email', label: 'app.signup.email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'app.auth.password', type: 'password', autoComplete: 'new-password' },
  { name: 'name', label: 'app.signup.name', autoComplete: 'given-name' },
  { name: 'surname', label: 'app.signup.surname', autoComplete: 'family-name' },
  { name: 'companyName', label: 'app.signup.company', autoComplete: 'organization', optional: true },
];

/** /signup: POST /prereg/signup (public); a confirmation mail follows. */
export default function SignupPage() {
  const translate = useMessages();
  const [values, setValues] = useState<Signup>({
    username: '',
    email: '',
    password: '',
    name: '',
    surname: '',
    companyName: '',
  });
  const [errors, setErrors] = useState<Errors<keyof Signup>>({});
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const { guard } = useUnsavedChangesGuard(!done && Object.values(values).some((v) => String(v).trim() !== ''));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateSignup(values);
    setErrors(invalid);
    if (Object.keys(invalid).length) return;
    setError(undefined);
    setSubmitting(true);
    const weak = await newPasswordKey(values.password, [values.username, values.email, values.name, values.surname]);
    if (weak) {
      setErrors({ password: weak });
      setSubmitting(false);
      return;
    }
    const { companyName, ...rest } = values;
    try {
      await signUp({
        ...rest,
        username: rest.username.trim(),
        email: rest.email.trim(),
        ...(companyName.trim() ? { companyName: companyName.trim() } : {}),
      });
      setDone(true);
    } catch (e) {
      setError(statusOf(e) === 409 ? 'app.signup.conflict' : errorKeyFor(e));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PublicPage title={translate('app.signup.title')} width={480}>
      {done ? (
        <Alert severity="success" role="status">
          {translate('app.signup.done')}
        </Alert>
      ) : (
        <PublicForm
          onSubmit={submit}
          intro={translate('app.signup.intro')}
          error={error && translate(error)}
          submit={translate('app.signup.submit')}
          submitting={submitting}
        >
          {guard}
          {FIELDS.map((f) => (
            <LightTextField
              key={f.name}
              label={translate(f.label)}
              name={f.name}
              type={f.type}
              autoComplete={f.autoComplete}
              required={!f.optional}
              value={values[f.name]}
              onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
              error={Boolean(errors[f.name])}
              helperText={errors[f.name] ? translate(errors[f.name]!) : undefined}
            />
          ))}
        </PublicForm>
      )}
      <PublicLink to="/login">{translate('app.auth.back_to_login')}</PublicLink>
    </PublicPage>
  );
}
