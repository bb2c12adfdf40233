-- Indexes on the JSON store for the execution services: orders, campaigns, plannings, creatives.
-- The availability check looks up a system's bookings by system and period.
CREATE INDEX records_planning_items_system ON records ((data->>'systemId'), (data->>'periodStart'), (data->>'periodEnd')) WHERE collection = 'planningItems';

CREATE INDEX records_planning_items_planning ON records ((data->>'planningId')) WHERE collection = 'planningItems';

CREATE INDEX records_orders_estimate ON records ((data->>'estimateId')) WHERE collection = 'orders';

CREATE INDEX records_order_documents_order ON records ((data->>'orderId')) WHERE collection = 'orderDocuments';

CREATE INDEX records_order_campaigns_order ON records ((data->>'orderId'), (data->>'campaignId')) WHERE collection = 'orderCampaigns';

CREATE INDEX records_campaign_members_campaign ON records ((data->>'campaignId')) WHERE collection = 'campaignMembers';

CREATE INDEX records_campaign_attachments_campaign ON records ((data->>'campaignId')) WHERE collection = 'campaignAttachments';

CREATE INDEX records_creatives_campaign ON records ((data->>'campaignId')) WHERE collection = 'creatives';
