import { useState, type ReactNode } from 'react';
import { DialogContent, DialogTitle, type DialogProps } from '@mui/material';
import {
  CreateBase,
  DeleteWithConfirmButton,
  EditBase,
  SaveButton,
  Toolbar,
  useNotify,
  useTranslate,
  type Identifier,
  type RaRecord,
  type SimpleFormProps,
} from 'react-admin';
import { AppSimpleForm, FormDialog } from '@/forms/unsavedChanges';
import { useFailure } from './useFailure';

/** Which record a list's dialog holds: a new one, an existing one, or none (closed). */
export type Editing = RaRecord | 'new' | null;

/** The state of a list's create/edit dialog. */
export function useEditing() {
  const [editing, setEditing] = useState<Editing>(null);
  return { editing, edit: setEditing, create: () => setEditing('new'), close: () => setEditing(null) };
}

export interface RecordDialogProps {
  resource: string;
  /** The record being edited, 'new' to create one, null when closed. */
  editing: Editing;
  onClose: () => void;
  /** Message keys of the dialog's title. */
  title: { create: string; edit: string };
  maxWidth?: DialogProps['maxWidth'];
  resolver?: SimpleFormProps['resolver'];
  validate?: SimpleFormProps['validate'];
  /** A new record's starting values. */
  record?: Partial<RaRecord>;
  /** What the save notifies: one message key, or one for a create and one for an update. */
  saved?: string | { created: string; updated: string };
  /** When set, the edit form's toolbar holds a delete button that asks with this message. */
  deleteConfirm?: string;
  /** The inputs, in both forms. */
  children: ReactNode;
  /** What only the edit form shows after the inputs (the record's photos, its links). */
  editOnly?: ReactNode;
}

/**
 * A list's create/edit dialog: the title, then react-admin's CreateBase or EditBase (pessimistic)
 * around an AppSimpleForm of the given inputs. A save notifies (when `saved` says what) and closes
 * the dialog; a failure shows as every failure does (useFailure: a refused save's message, its
 * field errors under the fields). Closing with unsaved changes asks first (FormDialog).
 */
export function RecordDialog(props: RecordDialogProps) {
  const { resource, editing, onClose, title, maxWidth = 'md', resolver, validate, record, saved, deleteConfirm, children, editOnly } = props;
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useFailure();
  const titleId = `${resource}-dialog-title`;
  const onSuccess = () => {
    const message = typeof saved === 'string' ? saved : saved && (editing === 'new' ? saved.created : saved.updated);
    if (message) notify(message, { type: 'success' });
    onClose();
  };
  const mutationOptions = { onSuccess, onError };
  const id: Identifier | undefined = editing && editing !== 'new' ? editing.id : undefined;
  const toolbar = deleteConfirm ? (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton mutationMode="pessimistic" redirect={false} mutationOptions={{ onSuccess: onClose, onError }} confirmContent={deleteConfirm} />
    </Toolbar>
  ) : undefined;
  return (
    <FormDialog open={editing !== null} onClose={onClose} fullWidth maxWidth={maxWidth} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate(editing === 'new' ? title.create : title.edit)}</DialogTitle>
      <DialogContent>
        {editing === 'new' ? (
          <CreateBase resource={resource} redirect={false} record={record} mutationOptions={mutationOptions}>
            <AppSimpleForm resolver={resolver} validate={validate}>
              {children}
            </AppSimpleForm>
          </CreateBase>
        ) : id !== undefined ? (
          <EditBase key={id} resource={resource} id={id} redirect={false} mutationMode="pessimistic" mutationOptions={mutationOptions}>
            <AppSimpleForm resolver={resolver} validate={validate} toolbar={toolbar}>
              {children}
              {editOnly}
            </AppSimpleForm>
          </EditBase>
        ) : null}
      </DialogContent>
    </FormDialog>
  );
}
