import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, type DialogProps } from '@mui/material';
import { SimpleForm, useTranslate, type SimpleFormProps } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';

/**
 * Issue 9: no form of the app loses typed data without asking. One mechanism for all of them:
 * - react-admin forms use AppSimpleForm (react-admin's own warnWhenUnsavedChanges, on by default);
 * - custom forms call useUnsavedChangesGuard(dirty) and render its `guard`;
 * - a form in a dialog sits in a FormDialog: Escape, the backdrop and DialogCancelButton ask
 *   before closing it when it is dirty.
 * In-app navigation is blocked with react-router's blocker (the app runs on a data router), closing
 * or reloading the tab with beforeunload; the question is react-admin's `ra.message.unsaved_changes`.
 * tests/unit/forms-guard.test.tsx scans src so that a new form without it fails.
 */

export const UNSAVED_CHANGES_MESSAGE = 'ra.message.unsaved_changes';

/** Asks whether to drop the unsaved changes; true to go on. */
export function useConfirmDiscard(): () => boolean {
  const translate = useTranslate();
  return useCallback(() => window.confirm(translate(UNSAVED_CHANGES_MESSAGE)), [translate]);
}

/** Blocks in-app navigation to another path while `shouldBlock()`, asking first. */
function NavigationBlocker({ shouldBlock }: { shouldBlock: () => boolean }) {
  const confirm = useConfirmDiscard();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && shouldBlock(),
  );
  // As react-router's usePrompt: every blocked navigation is a new blocker object; going on is
  // deferred to after the confirmation has closed.
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (!shouldBlock() || confirm()) {
      const proceed = blocker.proceed;
      setTimeout(() => proceed(), 0);
    } else blocker.reset();
  }, [blocker, confirm, shouldBlock]);
  return null;
}

export interface UnsavedChangesGuard {
  /** Render it inside the form: blocks in-app navigation while dirty (null outside a data router). */
  guard: ReactNode;
  /** Call right before leaving on purpose (after a successful save): no question is asked. */
  release: () => void;
}

/** The guard of a custom form whose values differ from what was loaded when `dirty`. */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const dirtyRef = useRef(dirty);
  const released = useRef(false);
  const canBlock = Boolean(useContext(UNSAFE_DataRouterContext));
  useEffect(() => {
    dirtyRef.current = dirty;
    if (!dirty) released.current = false;
  }, [dirty]);
  useEffect(() => {
    if (!dirty) return;
    const beforeunload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older Chromium needs returnValue set as well.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', beforeunload);
    return () => window.removeEventListener('beforeunload', beforeunload);
  }, [dirty]);
  const shouldBlock = useCallback(() => dirtyRef.current && !released.current, []);
  const release = useCallback(() => {
    released.current = true;
  }, []);
  return { guard: canBlock && dirty ? <NavigationBlocker shouldBlock={shouldBlock} /> : null, release };
}

interface FormDialogContextValue {
  setFormDirty: (dirty: boolean) => void;
  requestClose: () => void;
}

const FormDialogContext = createContext<FormDialogContextValue | null>(null);

/** The dialog a form sits in (null outside one). */
export const useFormDialog = () => useContext(FormDialogContext);

export interface FormDialogProps extends Omit<DialogProps, 'onClose'> {
  /** For a custom form: whether its values differ from what it started with. */
  dirty?: boolean;
  onClose: () => void;
}

/**
 * A MUI Dialog holding a form: closing it (Escape, backdrop, DialogCancelButton) while the form is
 * dirty asks first; a custom form's `dirty` also guards navigation and the tab. An AppSimpleForm
 * inside reports its own state (react-admin guards its navigation).
 */
export function FormDialog({ dirty = false, onClose, children, ...props }: FormDialogProps) {
  const [formDirty, setFormDirty] = useState(false);
  const confirm = useConfirmDiscard();
  const { guard } = useUnsavedChangesGuard(Boolean(props.open) && dirty);
  const requestClose = useCallback(() => {
    if (!(dirty || formDirty) || confirm()) onClose();
  }, [dirty, formDirty, confirm, onClose]);
  return (
    <Dialog {...props} onClose={requestClose}>
      <FormDialogContext.Provider value={{ setFormDirty, requestClose }}>
        {guard}
        {children}
      </FormDialogContext.Provider>
    </Dialog>
  );
}

/** The Cancel button of a FormDialog: asks before dropping unsaved changes. */
export function DialogCancelButton({ label = 'ra.action.cancel', onClick }: { label?: string; onClick?: () => void }) {
  const translate = useTranslate();
  const dialog = useFormDialog();
  return <Button onClick={onClick ?? dialog?.requestClose}>{translate(label)}</Button>;
}

/** Tells the enclosing FormDialog whether the react-admin form is dirty. */
function ReportDirty() {
  const dialog = useFormDialog();
  const { dirtyFields, isSubmitSuccessful } = useFormState();
  const dirty = Object.keys(dirtyFields).length > 0 && !isSubmitSuccessful;
  const setFormDirty = dialog?.setFormDirty;
  useEffect(() => {
    if (!setFormDirty) return;
    setFormDirty(dirty);
    return () => setFormDirty(false);
  }, [dirty, setFormDirty]);
  return null;
}

/**
 * react-admin's SimpleForm for this app: warns before leaving with unsaved changes (react-admin's
 * warnWhenUnsavedChanges), and tells an enclosing FormDialog when it is dirty. The browser's own
 * constraint check is off (`noValidate`): an input's `min`/`maxLength` attribute would otherwise
 * stop the submit silently, with a bubble no screen reader or test sees, before the form's
 * resolver puts the Italian message under the field.
 */
export function AppSimpleForm({
  children,
  warnWhenUnsavedChanges = true,
  noValidate = true,
  ...props
}: SimpleFormProps) {
  return (
    <SimpleForm warnWhenUnsavedChanges={warnWhenUnsavedChanges} noValidate={noValidate} {...props}>
      <ReportDirty />
      {children}
    </SimpleForm>
  );
}

/** Whether a custom form's values differ from the ones it started with (plain data). */
export const differs = (values: unknown, initial: unknown): boolean => JSON.stringify(values) !== JSON.stringify(initial);
