import { useState } from 'react';
import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { failureMessage } from '@/api/failures';

export interface PlaceOption {
  name: string;
  /** Shown beside the name (the province, the region). */
  detail?: string;
}

export interface PlacePoint {
  latitude: number;
  longitude: number;
}

/** The zoom a chosen municipality is shown at: the town and its surroundings. */
export const PLACE_ZOOM = 12;

/**
 * A municipality search that recentres a map: suggestions from `options` as one types (opening the
 * list loads them: `onOpen`), and any other name typed and confirmed with Enter; either is located
 * with `locate` (a geocoder) and handed to `onPlace`. A name that is not found, or a lookup that
 * fails, shows in Italian under the field.
 */
export function PlaceSearch({
  options,
  loadingOptions,
  onOpen,
  locate,
  onPlace,
}: {
  options: readonly PlaceOption[];
  loadingOptions?: boolean;
  onOpen?: () => void;
  locate: (name: string) => Promise<PlacePoint[]>;
  onPlace: (point: PlacePoint, name: string) => void;
}) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const lookup = useMutation({
    mutationFn: async (name: string) => {
      const found = await locate(name);
      if (!found.length) throw new NotFound(name);
      return { point: found[0], name };
    },
    onSuccess: ({ point, name }) => {
      setInput(name);
      onPlace(point, name);
    },
  });
  const message =
    lookup.error instanceof NotFound
      ? translate('app.map.search_none', { name: lookup.error.place })
      : lookup.error
        ? translate('app.map.search_error', { message: failureMessage(lookup.error) })
        : undefined;

  return (
    <Autocomplete<PlaceOption, false, false, true>
      freeSolo
      size="small"
      sx={{ width: 280 }}
      options={options}
      loading={loadingOptions}
      onOpen={onOpen}
      autoHighlight
      inputValue={input}
      onInputChange={(_e, value) => {
        setInput(value);
        if (lookup.error) lookup.reset();
      }}
      filterOptions={(all, { inputValue }) => suggestions(all, inputValue)}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.name)}
      getOptionKey={(o) => (typeof o === 'string' ? o : `${o.name}|${o.detail ?? ''}`)}
      renderOption={({ key, ...props }, o) => (
        <li key={key} {...props}>
          {o.name}
          {o.detail ? <span style={{ opacity: 0.7, marginLeft: 6 }}>{o.detail}</span> : null}
        </li>
      )}
      noOptionsText={translate('app.map.search_hint')}
      loadingText={translate('app.loading.label')}
      clearText={translate('ra.action.clear_input_value')}
      openText={translate('ra.action.open')}
      closeText={translate('ra.action.close')}
      value={null}
      onChange={(_e, value) => {
        // Typed text confirmed with Enter goes to the first suggestion shown (the highlighted one), if any.
        const name = (typeof value === 'string' ? (suggestions(options, value)[0]?.name ?? value) : (value?.name ?? '')).trim();
        if (name.length >= 3) lookup.mutate(name);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('app.map.search')}
          error={Boolean(message)}
          helperText={message}
          slotProps={{
            formHelperText: { role: 'alert', sx: { position: 'absolute', top: '100%', mt: 0.25, whiteSpace: 'nowrap' } },
          }}
          InputProps={{
            ...params.InputProps,
            endAdornment: (
              <>
                {lookup.isPending ? <CircularProgress size={16} aria-label={translate('app.map.search_pending')} /> : null}
                {params.InputProps.endAdornment}
              </>
            ),
          }}
        />
      )}
    />
  );
}

class NotFound extends Error {
  constructor(readonly place: string) {
    super(place);
  }
}

/** Lower case without accents: how a typed name is compared with the municipalities'. */
const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();

/** The suggestions for a typed text (two letters at least): names starting with it, then names holding it. */
function suggestions(all: readonly PlaceOption[], typed: string): PlaceOption[] {
  const wanted = fold(typed);
  if (wanted.length < 2) return [];
  const starts = all.filter((o) => fold(o.name).startsWith(wanted));
  const contains = all.filter((o) => !fold(o.name).startsWith(wanted) && fold(o.name).includes(wanted));
  return [...starts, ...contains].slice(0, 50);
}
