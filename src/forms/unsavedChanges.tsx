import { createContext, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { Button, Dialog, type DialogProps } from '@mui/material';
import { SaveButton, SimpleForm, Toolbar, useTranslate, type SaveButtonProps, type SimpleFormProps } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import { StaleSave } from '@/ui/StaleSave';
import { useConfirmDiscard, useUnsavedChangesGuard } from './unsavedChangesGuard';

/**
 * No form of the app loses typed data without asking. One mechanism for all of them:
 * - react-admin forms use AppSimpleForm (react-admin's own warnWhenUnsavedChanges, on by default);
 * - custom forms call useUnsavedChangesGuard(dirty) and render its `guard`;
 * - a form in a dialog sits in a FormDialog: Escape, the backdrop and DialogCancelButton ask
 *   before closing it when it is dirty.
 * In-app navigation is blocked with react-router's blocker (the app runs on a data router), closing
 * or reloading the tab with beforeunload; the question is react-admin's `ra.message.unsaved_changes`.
 * tests/unit/forms-guard.test.tsx scans src so that a new form without it fails.
 */

export {
  UNSAVED_CHANGES_MESSAGE,
  useConfirmDiscard,
  useUnsavedChangesGuard,
  type UnsavedChangesGuard,
} from './unsavedChangesGuard';

interface FormDialogContextValue {
  /** The form inside tells how to know, at the moment of closing, whether it is dirty (null: no form). */
  setDirtyCheck: (check: (() => boolean) | null) => void;
  requestClose: () => void;
}

const FormDialogContext = createContext<FormDialogContextValue | null>(null);

/** The dialog a form sits in (null outside one). */
const useFormDialog = () => useContext(FormDialogContext);

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
  const dirtyCheck = useRef<(() => boolean) | null>(null);
  const setDirtyCheck = useCallback((check: (() => boolean) | null) => {
    dirtyCheck.current = check;
  }, []);
  const confirm = useConfirmDiscard();
  const { guard } = useUnsavedChangesGuard(Boolean(props.open) && dirty);
  const requestClose = useCallback(() => {
    if (!(dirty || dirtyCheck.current?.()) || confirm()) onClose();
  }, [dirty, confirm, onClose]);
  const context = useMemo(() => ({ setDirtyCheck, requestClose }), [setDirtyCheck, requestClose]);
  return (
    <Dialog {...props} onClose={requestClose}>
      <FormDialogContext.Provider value={context}>
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

/**
 * The toolbar of an AppSimpleForm in a FormDialog: Cancel (asks before dropping changes) and Save,
 * or the dialog's own verb (`label`, an i18n key: "Collega", "Aggiungi"…), shown without the save
 * icon unless one is given; `alwaysEnable` and the rest are SaveButton's props.
 */
export function DialogFormToolbar({ icon, ...save }: SaveButtonProps) {
  return (
    <Toolbar sx={{ justifyContent: 'flex-end', gap: 1 }}>
      <DialogCancelButton />
      <SaveButton icon={icon ?? (save.label ? <span /> : undefined)} {...save} />
    </Toolbar>
  );
}

/**
 * Tells the enclosing FormDialog how to know whether the react-admin form is dirty. The question is
 * asked when the dialog is closed, of the form's own field states, which change as a key is typed:
 * the form state a render sees is published only after the form's validation has run, and a form
 * that validates as it is typed (an advertiser's uniqueness check waits for a pause and the
 * service) would otherwise close without asking when Escape follows the typing.
 */
function ReportDirty() {
  const dialog = useFormDialog();
  const { getValues, getFieldState } = useFormContext();
  const { isSubmitSuccessful } = useFormState();
  const setDirtyCheck = dialog?.setDirtyCheck;
  useEffect(() => {
    if (!setDirtyCheck) return;
    setDirtyCheck(() => !isSubmitSuccessful && Object.keys(getValues()).some((name) => getFieldState(name).isDirty));
    return () => setDirtyCheck(null);
  }, [isSubmitSuccessful, getValues, getFieldState, setDirtyCheck]);
  return null;
}

/**
 * react-admin's SimpleForm for this app: warns before leaving with unsaved changes (react-admin's
 * warnWhenUnsavedChanges), and tells an enclosing FormDialog when it is dirty. The browser's own
 * constraint check is off (`noValidate`): an input's `min`/`maxLength` attribute would otherwise
 * stop the submit silently, with a bubble no screen reader or test sees, before the form's
 * resolver puts the Italian message under the field. A save refused because someone else saved
 * the record meanwhile shows above the fields, every typed value kept (StaleSave).
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
      <StaleSave />
      {children}
    </SimpleForm>
  );
}

/** Whether a custom form's values differ from the ones it started with (plain data). */
export const differs = (values: unknown, initial: unknown): boolean => JSON.stringify(values) !== JSON.stringify(initial);
