import { useEffect, useState } from 'react';
import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { listSystemsPage, type System } from '@/api/systems';
import { errorMessage } from './errors';

export type PickedSystem = Pick<System, 'id' | 'code' | 'name' | 'type'>;

export interface SystemPickerProps {
  /** OOH, DOOH, or every type. */
  type?: 'OOH' | 'DOOH' | 'ALL';
  label: string;
  value: PickedSystem | null;
  onChange: (system: PickedSystem | null) => void;
  /** Systems already chosen, left out of the options. */
  exclude?: number[];
  disabled?: boolean;
}

/**
 * A system chosen by typing part of its code, name or address: the systems service search
 * (GET /system/all/page/0/perPage/10?type&searchTerm), asked again 300 ms after the last key.
 */
export function SystemPicker({
  type = 'ALL',
  label,
  value,
  onChange,
  exclude = [],
  disabled,
}: SystemPickerProps) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<PickedSystem[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      setLoading(true);
      listSystemsPage({ page: 0, perPage: 10, type, searchTerm: input.trim() || undefined })
        .then((page) => {
          if (!live) return;
          setOptions(page.content.map(({ id, code, name, type: t }) => ({ id, code, name, type: t })));
          setError(undefined);
        })
        .catch(
          (e: unknown) =>
            live && setError(errorMessage(e, translate('resources.circuits.messages.search_failed'))),
        )
        .finally(() => live && setLoading(false));
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [input, type, translate]);
  return (
    <Autocomplete
      sx={{ minWidth: 320, flex: 1 }}
      value={value}
      disabled={disabled}
      options={options.filter((o) => !exclude.includes(o.id))}
      filterOptions={(o) => o}
      getOptionLabel={(o) => `${o.code} · ${o.name}`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={loading}
      onChange={(_e, v) => onChange(v)}
      onInputChange={(_e, v) => setInput(v)}
      noOptionsText={translate('resources.circuits.messages.no_systems')}
      loadingText={translate('ra.page.loading')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          size="small"
          error={Boolean(error)}
          helperText={error}
          slotProps={{
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {loading ? <CircularProgress color="inherit" size={16} /> : null}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
