import { HttpError } from '../http';

/**
 * The status rules of one status schema, as generated from its document (`x-transitions`,
 * `x-labels`): the services enforce these tables, never a copy of them.
 */
export interface StatusRules<S extends string> {
  transitions: Readonly<Record<S, readonly S[]>>;
  labels: Readonly<Record<S, string>>;
}

export const isAllowedMove = <S extends string>(rules: StatusRules<S>, from: S, to: S): boolean =>
  rules.transitions[from]?.includes(to) ?? false;

/** The refusal of a move, naming both statuses as the screens do (a final status says so). */
export function refusedMoveMessage<S extends string>(rules: StatusRules<S>, from: S, to: S): string {
  const name = (s: S) => `«${rules.labels[s] ?? s}»`;
  const tail = rules.transitions[from]?.length === 0 ? ` (${name(from)} è uno stato finale)` : '';
  return `Passaggio di stato non consentito: da ${name(from)} a ${name(to)}${tail}`;
}

/** 409 unless `from → to` is one of the allowed moves (a move to the current status is none). */
export function checkMove<S extends string>(rules: StatusRules<S>, from: S, to: S): void {
  if (isAllowedMove(rules, from, to)) return;
  throw new HttpError(409, refusedMoveMessage(rules, from, to), { from, to, allowed: [...(rules.transitions[from] ?? [])] });
}
