import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminContext } from 'react-admin';
import { i18nProvider } from '@/i18n';
import { EstimateAnswer } from '@/pages/shared/EstimateAnswer';
import { ScheduleDialog } from '@/ui/ScheduleDialog';

/* The scheduling dialog and the client's answer keep typed data: leaving asks first. */

afterEach(() => vi.restoreAllMocks());

describe('ScheduleDialog', () => {
  function renderDialog(onClose: () => void) {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <ScheduleDialog open title="resources.sends.schedule_title" initial={{ name: 'Invio settimanale' }} onClose={onClose} onSave={() => {}} />
      </AdminContext>,
    );
  }

  it('closes at once when nothing changed', () => {
    const confirm = vi.spyOn(window, 'confirm');
    const onClose = vi.fn();
    renderDialog(onClose);
    fireEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks before dropping a changed name (Annulla or Escape); refusing keeps it open', () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const onClose = vi.fn();
    renderDialog(onClose);
    fireEvent.change(screen.getByLabelText(/^Nome/), { target: { value: 'Invio mensile' } });
    fireEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(onClose).not.toHaveBeenCalled();
    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('EstimateAnswer', () => {
  const leave = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('asks before the tab is left once the client has started an answer', () => {
    render(<EstimateAnswer estimate={{ id: 42, status: 'sent' }} linkId={42} />);
    fireEvent.click(screen.getByRole('button', { name: 'Accetta l\'offerta' }));
    expect(leave()).toBe(false);
    fireEvent.change(screen.getByLabelText(/^Nome e cognome/), { target: { value: 'Maria Rossi' } });
    expect(leave()).toBe(true);
  });
});
