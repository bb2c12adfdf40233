import { Alert } from '@mui/material';
import {
  BooleanInput,
  email,
  maxLength,
  minLength,
  PasswordInput,
  regex,
  required,
  SelectInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import { DEFAULT_GROUP } from '@/config/constants';
import { newPasswordKey, PASSWORD_MIN } from '@/pages/validation';
import { useRoleChoices } from './useRoleChoices';

const USERNAME = /^[A-Za-z0-9._@+-]+$/;
const validateUsername = [
  required(),
  minLength(3),
  maxLength(64),
  regex(USERNAME, 'app.validation.username'),
];
const validateName = [required(), maxLength(100)];
const validateEmail = [required(), email(), maxLength(254)];
const validateGroup = [maxLength(100)];
/**
 * The user service's whole password rule (src/auth/password.ts), before sending: not guessable,
 * also from the user's own username, e-mail and name. The length rules above name their own fault.
 */
const notGuessable = async (value: unknown, all: Record<string, unknown>) => {
  if (typeof value !== 'string' || value.length < PASSWORD_MIN) return undefined;
  const own = [all.username, all.email, all.name, all.surname].filter((v): v is string => typeof v === 'string');
  const key = await newPasswordKey(value, own);
  return key === 'app.validation.password_guessable' ? key : undefined;
};
const validateNewPassword = [
  required(),
  minLength(PASSWORD_MIN, 'app.validation.password_min'),
  maxLength(128, 'app.validation.password_max'),
  notGuessable,
];
const validateChangedPassword = [
  minLength(PASSWORD_MIN, 'app.validation.password_min'),
  maxLength(128, 'app.validation.password_max'),
  notGuessable,
];

/** The inputs of a user, as createUser (`mode="create"`) and updateUser (`mode="edit"`) accept them. */
export function UserInputs({ mode }: { mode: 'create' | 'edit' }) {
  const translate = useTranslate();
  const roles = useRoleChoices();
  return (
    <>
      {mode === 'create' ? (
        <TextInput source="username" validate={validateUsername} autoComplete="off" />
      ) : (
        <TextInput source="username" disabled />
      )}
      <TextInput source="name" validate={validateName} />
      <TextInput source="surname" validate={validateName} />
      <TextInput source="email" type="email" validate={validateEmail} />
      {roles.failed ? (
        <Alert severity="error" role="alert">
          {translate('app.users.roles_error')}
        </Alert>
      ) : null}
      <SelectInput source="role" choices={roles.choices} isPending={roles.loading} validate={required()} />
      <TextInput
        source="group"
        defaultValue={mode === 'create' ? DEFAULT_GROUP : undefined}
        validate={validateGroup}
      />
      <BooleanInput source="enabled" defaultValue={mode === 'create' ? true : undefined} />
      {mode === 'create' ? (
        <PasswordInput source="password" validate={validateNewPassword} autoComplete="new-password" />
      ) : (
        <PasswordInput
          source="password"
          validate={validateChangedPassword}
          autoComplete="new-password"
          helperText="app.users.new_password_help"
        />
      )}
    </>
  );
}
