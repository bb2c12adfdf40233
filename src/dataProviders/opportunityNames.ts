import { listOpportunityDtos } from '@/api/opportunityDtos';

/*
 * The names a list shows beside other records (the estimates list), from one call: every
 * opportunity's short form carries its name and its advertiser's (opportunity.yaml, OpportunityDto:
 * `advertiserName`, filled in by the service). A method of its own, not getMany: react-admin would
 * keep these short forms as the opportunities' full records (getOne's cache is seeded from getMany's
 * answers).
 */

export interface OpportunityNames {
  /** Opportunity id → name. */
  opportunities: Record<number, string>;
  /** Advertiser id → name, for every advertiser with at least one opportunity (the others are not here). */
  advertisers: Record<number, string>;
}

export interface OpportunityNamesMethods {
  /** The opportunities' names and their advertisers' names, from getAllDto. */
  opportunityNames(resource: 'opportunities'): Promise<OpportunityNames>;
}

export const opportunityNamesMethods: OpportunityNamesMethods = {
  async opportunityNames() {
    const names: OpportunityNames = { opportunities: {}, advertisers: {} };
    for (const o of await listOpportunityDtos()) {
      names.opportunities[o.id] = o.name;
      names.advertisers[o.advertiserId] = o.advertiserName;
    }
    return names;
  },
};
