import type { SchemaCreative } from '@/api/generated/creativity';

/** The system sizes whose proportions a creative matches (within 2%), exact sizes first. */
export function matchingSizes<S extends { id: number; width: number; height: number }>(
  creative: Pick<SchemaCreative, 'width' | 'height'>,
  sizes: S[],
): S[] {
  const ratio = creative.width / creative.height;
  const close = sizes.filter((s) => Math.abs(s.width / s.height - ratio) / ratio <= 0.02);
  return close.sort(
    (a, b) =>
      Number(b.width === creative.width && b.height === creative.height) -
      Number(a.width === creative.width && a.height === creative.height),
  );
}
