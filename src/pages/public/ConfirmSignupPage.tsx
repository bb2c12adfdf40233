import { useEffect, useState } from 'react';
import { Alert, Link as MuiLink } from '@mui/material';
import { Link, useParams } from 'react-router-dom';
import { useMessages } from '@/i18n/lookup';
import { PublicPage } from '@/layout/PublicPage';
import { errorKeyFor, statusOf } from '../messages';
import { confirmSignup } from './calls';

type Outcome = { severity: 'success' | 'info' | 'error'; key: string };

const confirmations = new Map<string, Promise<Outcome>>();

/** GET /prereg/confirm/{token} once per token (a token works once: a second call would answer 409). */
function confirmRegistration(token: string): Promise<Outcome> {
  let outcome = confirmations.get(token);
  if (!outcome) {
    outcome = confirmSignup(token).then(
      (): Outcome => ({ severity: 'success', key: 'app.confirm.done' }),
      (error: unknown): Outcome => {
        const status = statusOf(error);
        if (status === 409) return { severity: 'info', key: 'app.confirm.already' };
        if (status === 404 || status === 400) return { severity: 'error', key: 'app.confirm.invalid' };
        return { severity: 'error', key: errorKeyFor(error) };
      },
    );
    confirmations.set(token, outcome);
  }
  return outcome;
}

/** /user/confirm/:confirmationToken: the link of the signup confirmation mail. */
export default function ConfirmSignupPage() {
  const translate = useMessages();
  const { confirmationToken = '' } = useParams();
  const [outcome, setOutcome] = useState<Outcome>();
  useEffect(() => {
    let live = true;
    void confirmRegistration(confirmationToken).then((o) => live && setOutcome(o));
    return () => {
      live = false;
    };
  }, [confirmationToken]);
  return (
    <PublicPage title={translate('app.confirm.title')}>
      {outcome ? (
        <Alert severity={outcome.severity} role={outcome.severity === 'error' ? 'alert' : 'status'}>
          {translate(outcome.key)}
        </Alert>
      ) : (
        <Alert severity="info" role="status">
          {translate('app.confirm.pending')}
        </Alert>
      )}
      <MuiLink component={Link} to="/login">
        {translate('app.auth.back_to_login')}
      </MuiLink>
    </PublicPage>
  );
}
