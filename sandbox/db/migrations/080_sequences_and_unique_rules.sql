-- Ids, codes and uniqueness under concurrent writers (a PostgreSQL server runs requests side by
-- side, where PGlite runs one at a time). Ids numbered per collection, per sub-item type and the
-- estimate line ids come from these sequences instead of `max(id) + 1` (sandbox/db/sequences.ts,
-- which also moves them past rows already there, every start and after the seed). The unique
-- rules that handlers check by reading first are unique indexes, so two requests side by side
-- cannot both pass the check; the violation answers 409 (sandbox/db/conflicts.ts).
CREATE SEQUENCE records_products_id_seq;
CREATE SEQUENCE records_advertisers_id_seq;
CREATE SEQUENCE records_catalogs_id_seq;
CREATE SEQUENCE records_opportunities_id_seq;
CREATE SEQUENCE records_estimates_id_seq;

CREATE SEQUENCE audit_subitems_format_id_seq;
CREATE SEQUENCE audit_subitems_media_type_id_seq;
CREATE SEQUENCE audit_subitems_location_id_seq;
CREATE SEQUENCE audit_subitems_supplier_id_seq;
CREATE SEQUENCE audit_subitems_product_category_id_seq;

CREATE SEQUENCE estimate_line_id_seq;

-- Advertisers: name, VAT number and tax code each unique, compared as the service does (names
-- trimmed and case-insensitive, tax codes trimmed and upper-cased). The e-mail stays a check of the
-- service only: the seed's advertisers share some.
CREATE UNIQUE INDEX records_advertisers_name ON records (lower(btrim(data->>'name'))) WHERE collection = 'advertisers';
CREATE UNIQUE INDEX records_advertisers_vat ON records (upper(btrim(data->>'vatNumber'))) WHERE collection = 'advertisers' AND btrim(data->>'vatNumber') <> '';
CREATE UNIQUE INDEX records_advertisers_fiscal_code ON records (upper(btrim(data->>'fiscalCode'))) WHERE collection = 'advertisers' AND btrim(data->>'fiscalCode') <> '';

-- Price lists: one name each (case-insensitive).
CREATE UNIQUE INDEX records_catalogs_name ON records (lower(btrim(data->>'name'))) WHERE collection = 'catalogs';

-- Provider teams: one VAT number each; a team linked to a system once.
CREATE UNIQUE INDEX records_teams_vat_unique ON records ((data->>'vat')) WHERE collection = 'teams';
CREATE UNIQUE INDEX records_system_providers_link ON records ((data->>'systemId'), (data->>'teamId')) WHERE collection = 'system_providers';

-- Circuits: one name per type (case-insensitive).
CREATE UNIQUE INDEX records_circuits_name ON records ((data->>'type'), lower(btrim(data->>'name'))) WHERE collection = 'circuits';

-- Frames: one frame per position of a system; DOOH players: one serial each (case-insensitive).
CREATE UNIQUE INDEX records_frames_position ON records ((data->>'systemId'), (data->>'position')) WHERE collection = 'frames';
CREATE UNIQUE INDEX records_devices_serial_unique ON records (lower(btrim(data->>'serial'))) WHERE collection = 'devices';

-- Campaign members: a user once per campaign; an order and a campaign are linked once. (One order
-- per estimate is a rule of the create-from-estimate operation only, which serialises it itself:
-- an order written by hand may name an estimate that has one.)
CREATE UNIQUE INDEX records_campaign_members_user ON records ((data->>'campaignId'), lower(data->>'username')) WHERE collection = 'campaignMembers';
CREATE UNIQUE INDEX records_order_campaigns_link ON records ((data->>'orderId'), (data->>'campaignId')) WHERE collection = 'orderCampaigns';
