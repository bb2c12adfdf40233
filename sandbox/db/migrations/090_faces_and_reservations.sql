-- Faces are what is sold: every frame states the sales it takes at once (`slots`: 1 for a static
-- face, loop ÷ slot for a screen) and the business areas it excludes. Frames stored before get
-- a one-minute loop of 10-second slots on a screen.
UPDATE records SET data = data || jsonb_build_object('loopSeconds', 60, 'slotSeconds', 10, 'slots', 6)
 WHERE collection = 'frames' AND data->>'digital' = 'true' AND NOT data ? 'slots';
UPDATE records SET data = data || jsonb_build_object('slots', 1)
 WHERE collection = 'frames' AND NOT data ? 'slots';
UPDATE records SET data = data || jsonb_build_object('excludedBusinessAreas', '[]'::jsonb)
 WHERE collection = 'frames' AND NOT data ? 'excludedBusinessAreas';

-- Reservations (options, queues, bookings of faces): read by face and period, by status and expiry,
-- by estimate and by planning.
CREATE INDEX records_reservations_frame ON records ((data->>'frameId'), (data->>'periodStart'), (data->>'periodEnd')) WHERE collection = 'reservations';
CREATE INDEX records_reservations_status ON records ((data->>'status'), (data->>'expiresOn')) WHERE collection = 'reservations';
CREATE INDEX records_reservations_estimate ON records ((data->>'estimateId')) WHERE collection = 'reservations';
CREATE INDEX records_reservations_planning ON records ((data->>'planningId')) WHERE collection = 'reservations';
CREATE INDEX records_notifications_user ON records ((data->>'username')) WHERE collection = 'notifications';
