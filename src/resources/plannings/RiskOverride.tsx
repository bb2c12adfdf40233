import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useNotify, useRefresh, useTranslate, useUpdate } from 'react-admin';
import type { SchemaFaceRisk } from '@/api/generated/planner';
import { FormDialog } from '@/forms/unsavedChanges';
import { codeLabel, formatDate } from '@/ui/format';
import { useFailure } from '@/ui/useFailure';
import { STATUS_LABELS, type Planning } from './shared';

/** The faces at risk a refused confirmation names (its 409 body's `risks`), if that is why it was refused. */
export function risksOf(error: unknown): SchemaFaceRisk[] | undefined {
  if (!error || typeof error !== 'object' || Reflect.get(error, 'status') !== 409) return undefined;
  const body: unknown = Reflect.get(error, 'body');
  const risks: unknown = body && typeof body === 'object' ? Reflect.get(body, 'risks') : undefined;
  return Array.isArray(risks) && risks.length ? (risks as SchemaFaceRisk[]) : undefined;
}

/**
 * The planning's status moves; a confirmation refused because faces are at risk opens the override
 * dialog, where a reason confirms it anyway (recorded on the planning).
 */
export function usePlanningMoves(planning: Planning) {
  // The override sent is its input (a reason), not the record the service keeps.
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const failure = useFailure();
  const [risks, setRisks] = useState<SchemaFaceRisk[]>();
  const save = (to: Planning['status'], reason?: string) =>
    update(
      'plannings',
      {
        id: planning.id,
        data: {
          ...planning,
          status: to,
          riskOverride: reason ? { reason } : null,
        },
        previousData: planning,
      },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setRisks(undefined);
          notify('app.status_moves.done', {
            type: 'success',
            messageArgs: { status: codeLabel(STATUS_LABELS, to) },
          });
        },
        onError: (error) => {
          const atRisk = to === 'confirmed' && !reason ? risksOf(error) : undefined;
          if (atRisk) setRisks(atRisk);
          else failure(error);
          refresh();
        },
      },
    );
  return {
    move: (to: Planning['status']) => void save(to),
    override: (reason: string) => void save('confirmed', reason),
    risks,
    close: () => setRisks(undefined),
    pending: isPending,
  };
}

/** Confirms despite faces at risk: names them and what ends, asks the reason (required). */
export function RiskOverrideDialog({
  risks,
  pending,
  onConfirm,
  onClose,
}: {
  risks: SchemaFaceRisk[];
  pending: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setMissing(true);
    onConfirm(reason.trim());
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      aria-labelledby="risk-override-title"
      maxWidth="sm"
      fullWidth
      dirty={reason.trim() !== ''}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="risk-override-title">{translate('resources.permits.override_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('resources.permits.override_intro')}</DialogContentText>
          <ul data-testid="risk-faces">
            {risks.map((r) => (
              <li key={r.frameId}>
                {r.systemCode}
                {r.frameName ? ` · ${r.frameName}` : ''}: {r.reason}
              </li>
            ))}
          </ul>
          <TextField
            autoFocus
            fullWidth
            required
            multiline
            minRows={2}
            label={translate('resources.permits.override_reason')}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setMissing(false);
            }}
            error={missing}
            helperText={missing ? translate('ra.validation.required') : ' '}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" color="warning" disabled={pending}>
            {translate('resources.permits.override_confirm')}
          </Button>
        </DialogActions>
      </form>
    </FormDialog>
  );
}

/** The override recorded on a planning: who confirmed it despite which faces, when and why. */
export function RiskOverrideNote({ planning }: { planning: Planning }) {
  const translate = useTranslate();
  const o = planning.riskOverride;
  if (!o) return null;
  return (
    <Alert severity="warning" sx={{ my: 1 }} data-testid="risk-override">
      {translate('resources.permits.override_recorded', {
        by: o.byName ?? o.by,
        at: formatDate(o.at),
        reason: o.reason,
      })}
      <ul style={{ margin: 0 }}>
        {o.faces.map((f) => (
          <li key={f.frameId}>
            {f.systemCode}
            {f.frameName ? ` · ${f.frameName}` : ''}: {f.reason}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
