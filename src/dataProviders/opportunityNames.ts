import { listOpportunityDtos } from '@/api/opportunityDtos';

/*
 * The opportunities' names for a list that shows them beside other records (the estimates list): one
 * call for all of them. A method of its own, not getMany: react-admin would keep these short forms as
 * the opportunities' full records (getOne's cache is seeded from getMany's answers).
 */

export interface OpportunityNamesMethods {
  /** Opportunity id → name. */
  opportunityNames(resource: 'opportunities'): Promise<Record<number, string>>;
}

export const opportunityNamesMethods: OpportunityNamesMethods = {
  async opportunityNames() {
    return Object.fromEntries((await listOpportunityDtos()).map((o) => [o.id, o.name]));
  },
};
