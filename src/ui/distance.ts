/** A distance in Italian: metres below a kilometre (22 m), else kilometres with one decimal (33,4 km). */
export function distanceText(meters: number | null | undefined): string {
  if (meters === null || meters === undefined) return '';
  if (meters < 1000) return `${Math.round(meters)} m`;
  return `${(meters / 1000).toLocaleString('it-IT', { maximumFractionDigits: 1 })} km`;
}
