import { useState } from 'react';
import { Button, Chip, Stack, Typography } from '@mui/material';
import { Confirm, useNotify, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { codeLabel } from '@/ui/format';
import { useFailure } from '@/ui/useFailure';

export interface StatusMovesProps<S extends string> {
  /** The record's status as saved. */
  current: S;
  /** The generated rules of its status schema: from → allowed targets. */
  transitions: Readonly<Record<S, readonly S[]>>;
  /** The final statuses (nothing moves out of them): a move there is confirmed first. */
  final: readonly S[];
  /** The i18n key of the status labels (`resources.<resource>.status`). */
  labels: string;
  /** What the record is called in the confirmation. */
  name: string;
  /** Whether the user may move it (the buttons are left out otherwise). */
  canMove: boolean;
  pending?: boolean;
  onMove(to: S): void;
  testId?: string;
}

/**
 * A status move as the record's update (the full record with the new status), saved before the
 * screen shows it; a refused move shows the service's message and the record as it now is.
 */
export function useStatusUpdate<R extends { id: number; status: string }>(
  resource: string,
  record: R,
  labels: string,
) {
  const [update, { isPending }] = useUpdate<R>();
  const notify = useNotify();
  const refresh = useRefresh();
  const failure = useFailure();
  const move = (to: R['status']) =>
    update(
      resource,
      { id: record.id, data: { ...record, status: to }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () =>
          notify('app.status_moves.done', {
            type: 'success',
            messageArgs: { status: codeLabel(labels, to) },
          }),
        onError: (error) => {
          failure(error);
          refresh();
        },
      },
    );
  return { move, pending: isPending };
}

/** How a move's button looks: its text, and its MUI variant and colour. */
export interface MoveButton {
  text: string;
  variant: 'outlined' | 'contained';
  color?: 'primary' | 'error';
}

/**
 * The status as a chip, then one button for each allowed move (when the user may move it, else
 * none); with no move allowed, `finalText` says the status is final. A button calls `onPick`.
 */
export function StatusLine<S extends string>({
  status,
  allowed,
  finalText,
  canMove,
  pending,
  button,
  onPick,
  testId,
}: {
  /** The current status's label. */
  status: string;
  allowed: readonly S[];
  finalText: string;
  canMove: boolean;
  pending?: boolean;
  button: (to: S) => MoveButton;
  onPick(to: S): void;
  testId?: string;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Chip label={status} color="primary" data-testid={testId} />
      {allowed.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {finalText}
        </Typography>
      ) : null}
      {canMove
        ? allowed.map((to) => {
            const { text, variant, color = 'primary' } = button(to);
            return (
              <Button key={to} size="small" variant={variant} color={color} disabled={pending} onClick={() => onPick(to)}>
                {text}
              </Button>
            );
          })
        : null}
    </Stack>
  );
}

/**
 * A record's status and one button for each move the rules allow from it; a move to a final status
 * is asked for first, saying it cannot be undone. No other move is offered.
 */
export function StatusMoves<S extends string>(props: StatusMovesProps<S>) {
  const { current, transitions, final, labels, name, canMove, pending, onMove, testId } = props;
  const translate = useTranslate();
  const [confirming, setConfirming] = useState<S | null>(null);
  const label = (s: S) => codeLabel(labels, s);
  const allowed = transitions[current] ?? [];
  return (
    <>
      <StatusLine
        status={label(current)}
        allowed={allowed}
        finalText={translate('app.status_moves.final_status')}
        canMove={canMove}
        pending={pending}
        button={(to) => ({ text: translate('app.status_moves.to', { status: label(to) }), variant: 'outlined' })}
        onPick={(to) => (final.includes(to) ? setConfirming(to) : onMove(to))}
        testId={testId}
      />
      <Confirm
        isOpen={confirming !== null}
        title={translate('app.status_moves.confirm_title', { status: confirming ? label(confirming) : '' })}
        content={translate('app.status_moves.confirm_content', {
          name,
          status: confirming ? label(confirming) : '',
        })}
        confirm="app.status_moves.confirm"
        confirmColor="warning"
        onConfirm={() => {
          if (confirming) onMove(confirming);
          setConfirming(null);
        }}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
