import { SelectInput, useTranslate, type SelectInputProps } from 'react-admin';
import { useWatch } from 'react-hook-form';

/** A choice of a select over named values: each value is its own label. */
export interface ValueChoice {
  id: string;
  name: string;
  disabled?: boolean;
}

/** The id of the disabled line that says the values are loading or could not be read. */
export const NOTE_CHOICE_ID = '\u0000note';

/**
 * The choices of a select over named values: the values read, else none; the value the input holds
 * always among them (a filter from the address shows at once, before or without the read); then, while
 * the values load or when they could not be read, a disabled line saying so.
 */
export function onDemandChoices(
  values: readonly string[] | undefined,
  current: unknown,
  note?: string,
): ValueChoice[] {
  const names = [...(values ?? [])];
  if (typeof current === 'string' && current !== '' && !names.includes(current)) names.unshift(current);
  const choices: ValueChoice[] = names.map((v) => ({ id: v, name: v }));
  if (note) choices.push({ id: NOTE_CHOICE_ID, name: note, disabled: true });
  return choices;
}

export type OnDemandSelectInputProps = Omit<
  SelectInputProps,
  'choices' | 'isPending' | 'slotProps' | 'source'
> & {
  source: string;
  /** The values read so far (undefined before the first read). */
  values: readonly string[] | undefined;
  /** The read has been asked for and has not answered yet. */
  loading: boolean;
  /** The read failed. */
  failed?: boolean;
  /** Asks for the values: called the first time the select takes the focus or opens. */
  onWanted: () => void;
};

/**
 * A filter's select over named values read from a service only when someone may pick one: the read
 * starts when the select takes the focus or opens, so a list's first page does not wait on it (nor
 * count it). The open menu lists the values as they arrive, saying meanwhile that they are loading.
 */
export function OnDemandSelectInput({
  values,
  loading,
  failed,
  onWanted,
  onFocus,
  ...props
}: OnDemandSelectInputProps) {
  const translate = useTranslate();
  const current: unknown = useWatch({ name: props.source });
  const note = loading
    ? translate('app.loading.choices')
    : failed
      ? translate('app.loading.choices_failed')
      : undefined;
  return (
    <SelectInput
      {...props}
      choices={onDemandChoices(values, current, note)}
      translateChoice={false}
      onFocus={(event) => {
        onWanted();
        onFocus?.(event);
      }}
      slotProps={{ select: { onOpen: onWanted } }}
    />
  );
}
