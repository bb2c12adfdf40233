import { useRef, useState, type FormEvent } from 'react';
import { FormDialog } from '@/forms/unsavedChanges';
import BookmarksIcon from '@mui/icons-material/BookmarksOutlined';
import CheckIcon from '@mui/icons-material/Check';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import SaveIcon from '@mui/icons-material/BookmarkAddOutlined';
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Popover,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  useDataProvider,
  useListContext,
  useNotify,
  useResourceContext,
  useStore,
  useTranslate,
} from 'react-admin';
import { failureMessage } from '@/api/failures';
import type { AppDataProvider } from '@/dataProviders';
import {
  isCurrent,
  listStateOf,
  nameProblem,
  viewInput,
  VIEW_NAME_MAX,
  type ListState,
  type SavedView,
} from './savedViews';

export interface SavedViewsButtonProps {
  /** The list the views belong to (by default the list's resource). */
  list?: string;
  /** The DataTable's store key, where its hidden columns live (by default `<resource>.datatable`). */
  columnsStoreKey?: string;
}

/** The query key of a list's saved views. */
export const savedViewsKey = (list: string) => ['user', 'savedViews', list];

/**
 * A list's saved views: a menu of the user's views of this list (choosing one sets its filters,
 * hidden columns and sort; each can be deleted) and "save the current view" under a name. The views
 * are kept on the server in the user's preferences, so they follow the user to another browser.
 */
export function SavedViewsButton({ list: listProp, columnsStoreKey }: SavedViewsButtonProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const resource = useResourceContext() ?? '';
  const list = listProp ?? resource;
  const { filterValues, sort, setFilters, setSort } = useListContext();
  const [hiddenColumns, setHiddenColumns] = useStore<string[]>(
    columnsStoreKey ?? `${resource}.datatable`,
    [],
  );
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const views = useQuery({
    queryKey: savedViewsKey(list),
    queryFn: () => dataProvider.savedViews('users', list),
    enabled: Boolean(anchor),
  });
  // The delete button is disabled while it works, then gone: the focus would fall out of the menu
  // (Escape would no longer close it). It goes to the menu's own button, which stays.
  const saveButton = useRef<HTMLButtonElement>(null);
  const remove = useMutation({
    mutationFn: (view: SavedView) => dataProvider.deleteView('users', view.id),
    onMutate: () => saveButton.current?.focus(),
    onSuccess: async (view) => {
      notify('app.views.deleted', { messageArgs: { name: view.name } });
      await queryClient.invalidateQueries({ queryKey: savedViewsKey(list) });
      saveButton.current?.focus();
    },
    onError: (error) =>
      notify('app.views.error', { type: 'error', messageArgs: { message: failureMessage(error) } }),
  });
  const state: ListState = { filterValues: filterValues ?? {}, sort, hiddenColumns: hiddenColumns ?? [] };

  const apply = (view: SavedView) => {
    const next = listStateOf(view, sort);
    if (next.sort) setSort(next.sort);
    setFilters(next.filter, next.displayedFilters);
    setHiddenColumns(next.hiddenColumns);
    setAnchor(null);
    notify('app.views.applied', { messageArgs: { name: view.name } });
  };

  return (
    <>
      <Button
        size="small"
        startIcon={<BookmarksIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="dialog"
        aria-expanded={Boolean(anchor)}
        // The line height of react-admin's ColumnsButton beside it, so the two labels align.
        sx={{ lineHeight: 1.5 }}
      >
        {translate('app.views.button')}
      </Button>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': translate('app.views.menu_label'),
            sx: { minWidth: 280, maxWidth: 400 },
          },
        }}
      >
        <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5 }}>
          {translate('app.views.menu_label')}
        </Typography>
        {views.error ? (
          <Alert severity="error" sx={{ m: 1 }}>
            {translate('app.views.load_error', { message: failureMessage(views.error) })}
          </Alert>
        ) : null}
        {views.data && views.data.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
            {translate('app.views.none')}
          </Typography>
        ) : null}
        {views.data?.length ? (
          <List dense aria-label={translate('app.views.menu_label')}>
            {views.data.map((view) => (
              <ListItem
                key={view.id}
                disablePadding
                secondaryAction={
                  <IconButton
                    edge="end"
                    size="small"
                    aria-label={translate('app.views.delete', { name: view.name })}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(view)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemButton onClick={() => apply(view)}>
                  <ListItemIcon sx={{ minWidth: 32 }}>
                    {isCurrent(view, state) ? <CheckIcon fontSize="small" /> : null}
                  </ListItemIcon>
                  <ListItemText primary={view.name} slotProps={{ primary: { noWrap: true } }} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        ) : null}
        <Divider />
        <Box sx={{ p: 1 }}>
          <Button
            ref={saveButton}
            size="small"
            startIcon={<SaveIcon />}
            onClick={() => {
              setAnchor(null);
              setSaving(true);
            }}
          >
            {translate('app.views.save')}
          </Button>
        </Box>
      </Popover>
      {saving ? (
        <SaveViewDialog
          onClose={() => setSaving(false)}
          onSave={async (name) => {
            const view = await dataProvider.saveView('users', viewInput(list, name, state));
            await queryClient.invalidateQueries({ queryKey: savedViewsKey(list) });
            notify('app.views.saved', { messageArgs: { name: view.name } });
          }}
        />
      ) : null}
    </>
  );
}

/** The name of the view to save; a refusal (a name already used) shows under the field. */
function SaveViewDialog({
  onClose,
  onSave,
}: {
  onClose: () => void;
  onSave: (name: string) => Promise<void>;
}) {
  const translate = useTranslate();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const key = nameProblem(name);
    if (key) return setProblem(translate(key));
    setBusy(true);
    try {
      await onSave(name);
      onClose();
    } catch (error) {
      setProblem(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      aria-labelledby="save-view-title"
      maxWidth="xs"
      fullWidth
      dirty={name.trim() !== ''}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="save-view-title">{translate('app.views.save_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('app.views.save_help')}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            required
            label={translate('app.views.name')}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setProblem(undefined);
            }}
            error={Boolean(problem)}
            helperText={problem ?? ' '}
            slotProps={{ htmlInput: { maxLength: VIEW_NAME_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </FormDialog>
  );
}
