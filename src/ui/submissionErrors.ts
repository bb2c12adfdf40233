/**
 * The field violations of a refused save (`body.errors`, keyed by field: a 400, or a 409 naming its
 * field), for a custom `onSubmit` to return: react-admin's form then shows each under its field.
 * Undefined when the failure names no field.
 */
export function submissionErrors(error: unknown): Record<string, string> | undefined {
  const errors = (error as { body?: { errors?: unknown } } | undefined)?.body?.errors;
  return errors && typeof errors === 'object' && !Array.isArray(errors) ? (errors as Record<string, string>) : undefined;
}
