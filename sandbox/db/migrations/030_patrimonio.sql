-- Circuits, provider teams, frames and DOOH players (sandbox/services/{teams,circuits,frame,device}.ts):
-- indexes on the JSON store for what those services search, and the play logs table.
CREATE INDEX records_teams_vat ON records ((data->>'vat')) WHERE collection = 'teams';

CREATE INDEX records_system_providers_system ON records (((data->>'systemId')::bigint)) WHERE collection = 'system_providers';

CREATE INDEX records_system_providers_team ON records (((data->>'teamId')::bigint)) WHERE collection = 'system_providers';

CREATE INDEX records_circuits_type ON records ((data->>'type')) WHERE collection = 'circuits';

CREATE INDEX records_circuits_assets ON records USING gin ((data->'assets')) WHERE collection = 'circuits';

CREATE INDEX records_frames_system ON records ((data->>'systemId')) WHERE collection = 'frames';

CREATE INDEX records_devices_system ON records ((data->>'systemId')) WHERE collection = 'devices';

CREATE INDEX records_devices_serial ON records (lower(data->>'serial')) WHERE collection = 'devices';

-- Play logs of the DOOH players, read-only over the API. The seed (sandbox/seed/playLogs.ts) writes
-- a sample of two years of plays that varies per device, day and campaign.
CREATE TABLE play_logs (
  id bigserial PRIMARY KEY,
  device_id bigint NOT NULL,
  campaign_id bigint NOT NULL,
  creative_id bigint NOT NULL,
  played_at timestamptz NOT NULL,
  duration_seconds integer NOT NULL CHECK (duration_seconds >= 1),
  audience integer NOT NULL CHECK (audience >= 0)
);

CREATE INDEX play_logs_device_played ON play_logs (device_id, played_at);
CREATE INDEX play_logs_campaign_played ON play_logs (campaign_id, played_at);
CREATE INDEX play_logs_played ON play_logs (played_at);
