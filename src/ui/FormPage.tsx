import type { ReactNode } from 'react';
import { Title, useRecordContext, type RaRecord, type SimpleFormProps } from 'react-admin';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { AppSimpleForm } from '@/forms/unsavedChanges';

/**
 * A page's one heading: react-admin's `<Title>` in the app bar and the page's single `h1`
 *. Every page and form page uses it, so headings read the same everywhere.
 */
export function PageHeading({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <>
      <Title title={title} />
      <Box sx={{ my: 2, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {/* The actions sit beside the heading, not in it: the h1's accessible name is the title alone. */}
        <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: 0 }}>
          {title}
        </Typography>
        {actions}
      </Box>
    </>
  );
}

export interface FormPageProps<R extends RaRecord = RaRecord> extends Omit<SimpleFormProps, 'children' | 'title'> {
  /** The heading; a function reads the record being edited (inside `EditBase`). */
  title: string | ((record: R | undefined) => string);
  /** The form's `…Inputs` component. */
  children: ReactNode;
}

/**
 * The body of a create or edit page, inside react-admin's `CreateBase` / `EditBase`: the heading,
 * then the resource's `…Inputs` in an `AppSimpleForm` (unsaved-changes guard, the schema
 * `resolver`, the server's field violations under their fields). See docs/SCREEN-SHAPE.md.
 */
export function FormPage<R extends RaRecord = RaRecord>({ title, children, ...formProps }: FormPageProps<R>) {
  const record = useRecordContext<R>();
  const heading = typeof title === 'function' ? title(record) : title;
  return (
    <>
      <PageHeading title={heading} />
      <Card>
        <CardContent>
          <AppSimpleForm sx={{ p: 0 }} {...formProps}>
            {children}
          </AppSimpleForm>
        </CardContent>
      </Card>
    </>
  );
}
