import { useId, type ChangeEventHandler, type FocusEventHandler } from 'react';
import { FilledInput, FormControl, FormHelperText, InputLabel } from '@mui/material';

export interface LightTextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onFocus?: FocusEventHandler<HTMLInputElement>;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: string;
}

/**
 * A text field for the public pages: what MUI's TextField renders in the theme's filled variant
 * (label, filled input, helper text, the same ids and ARIA wiring), built from its parts. MUI's
 * TextField imports Select, Menu, Popover and Modal for its `select` mode, about 10 kB gzip that
 * the sign-in page would load for nothing (/login loads at most 0.75 of a bare react-admin).
 */
export function LightTextField({ label, name, helperText, error, required, ...input }: LightTextFieldProps) {
  const id = `${name}-${useId()}`;
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="filled" required={required} error={error}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <FilledInput id={id} name={name} aria-describedby={helperId} {...input} />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
