-- Indexes on the JSON store for the sales collections (advertisers, opportunities, estimates,
-- products, catalogs): the lookups by advertiser and opportunity, and the unique product code.
CREATE INDEX records_opportunities_advertiser ON records ((data->>'advertiserId')) WHERE collection = 'opportunities';

CREATE INDEX records_estimates_opportunity ON records ((data->>'opportunityId')) WHERE collection = 'estimates';

CREATE INDEX records_estimates_advertiser ON records ((data->>'advertiserId')) WHERE collection = 'estimates';

CREATE UNIQUE INDEX records_products_code ON records ((data->>'code')) WHERE collection = 'products';
