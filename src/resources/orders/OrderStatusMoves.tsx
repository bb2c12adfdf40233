import { useState } from 'react';
import {
  Box,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { SchemaOrderStatus } from '@/api/generated/order';
import type { AppDataProvider } from '@/dataProviders';
import { codeLabel } from '@/ui/format';
import { mayOpen } from '@/ui/mayOpen';
import { StateMessage } from '@/ui/StateMessage';
import { StatusLine } from '@/ui/StatusMoves';
import { useFailure } from '@/ui/useFailure';
import { whenText, whoText } from '@/ui/historyText';
import { isFinalOrderStatus, ORDER_STATUS_LABELS, ORDER_TRANSITIONS, type Order } from './shared';

const NOTE_MAX = 2000;

/**
 * An order's status and the moves the rules allow from it (confirm, close, cancel), each asked
 * for in a dialog with an optional note; a move to a final status says it cannot be undone.
 */
export function OrderStatusMoves({ order }: { order: Order }) {
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<SchemaOrderStatus | null>(null);
  const [note, setNote] = useState('');
  const label = (s: SchemaOrderStatus) => codeLabel(ORDER_STATUS_LABELS, s);
  const move = useMutation({
    mutationFn: (to: SchemaOrderStatus) =>
      dataProvider.moveOrder('orders', { id: order.id, to, note: note.trim() ? note.trim() : null }),
    onSuccess: (moved) => {
      notify('resources.orders.moves.done', {
        type: 'success',
        messageArgs: { code: moved.code, status: label(moved.status) },
      });
      setTarget(null);
      setNote('');
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
    onError: (error) => {
      setTarget(null);
      failure(error);
      // A refused move means the order changed elsewhere: show it as it is now.
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
  const allowed = ORDER_TRANSITIONS[order.status];
  const canMove = mayOpen('/orders/1/documents');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <StatusLine<SchemaOrderStatus>
        status={label(order.status)}
        allowed={allowed}
        finalText={translate('resources.orders.moves.final_status')}
        canMove={canMove}
        pending={move.isPending}
        button={(to) => ({
          text: translate(`resources.orders.moves.to.${to}`),
          variant: isFinalOrderStatus(to) ? 'outlined' : 'contained',
          color: to === 'cancelled' ? 'error' : 'primary',
        })}
        onPick={setTarget}
        testId="order-status"
      />
      <Confirm
        isOpen={target !== null}
        loading={move.isPending}
        title={translate('resources.orders.moves.confirm_title', {
          code: order.code,
          status: target ? label(target) : '',
        })}
        content={
          <Stack spacing={2} sx={{ pt: 1 }}>
            {target && isFinalOrderStatus(target) ? (
              <Typography variant="body2">
                {translate('resources.orders.moves.final_warning', { status: label(target) })}
              </Typography>
            ) : null}
            <TextField
              label={translate('resources.orders.moves.note')}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              multiline
              minRows={2}
              fullWidth
              slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
            />
          </Stack>
        }
        confirm={target ? `resources.orders.moves.to.${target}` : 'ra.action.confirm'}
        confirmColor={target && isFinalOrderStatus(target) ? 'warning' : 'primary'}
        onConfirm={() => {
          if (target) move.mutate(target);
        }}
        onClose={() => {
          setTarget(null);
          setNote('');
        }}
      />
    </Box>
  );
}

/** The order's status history: every move, who made it, when and its note. */
export function OrderStatusHistory({ orderId }: { orderId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  // Under 'orders': a move invalidates it, and so this too.
  const { data, error } = useQuery({
    queryKey: ['orders', 'orderTransitions', orderId],
    queryFn: () => dataProvider.orderTransitions('orders', { id: orderId }),
  });
  const label = (s: SchemaOrderStatus) => codeLabel(ORDER_STATUS_LABELS, s);
  return (
    <StateMessage
      error={error}
      empty={data?.length === 0 ? translate('resources.orders.moves.history_empty') : undefined}
    >
      <Table size="small" aria-label={translate('resources.orders.moves.history')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('resources.orders.moves.at')}</TableCell>
            <TableCell>{translate('resources.orders.moves.move')}</TableCell>
            <TableCell>{translate('resources.orders.moves.username')}</TableCell>
            <TableCell>{translate('resources.orders.moves.history_note')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(data ?? []).map((t) => (
            <TableRow key={t.id}>
              <TableCell>{whenText(t.at)}</TableCell>
              <TableCell>{`${label(t.from)} → ${label(t.to)}`}</TableCell>
              <TableCell>{whoText(t)}</TableCell>
              <TableCell>{t.note ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </StateMessage>
  );
}
