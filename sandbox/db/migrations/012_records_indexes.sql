-- Indexes on the JSON store for the collections of the share, history, mail and scheduler services.
CREATE UNIQUE INDEX records_shares_token ON records ((data->>'token')) WHERE collection = 'shares';

CREATE INDEX records_shares_resource ON records ((data->>'resourceType'), (data->>'resourceId')) WHERE collection = 'shares';

CREATE INDEX records_history_entity ON records ((data->>'entityType'), (data->>'entityId')) WHERE collection = 'history';

CREATE INDEX records_mails_sent_at ON records ((data->>'sentAt')) WHERE collection = 'mails';

CREATE UNIQUE INDEX records_scheduler_events_name ON records (lower(data->>'name')) WHERE collection = 'scheduler_events';
