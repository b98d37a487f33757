-- The outbox of quote requests (docs/deploy.md « Déployer »): every lead is kept here before the visitor
-- is told it was received, then delivered to the webhook by the queue and the cron.
-- Times are milliseconds since 1970 (UTC).
CREATE TABLE leads (
  id TEXT PRIMARY KEY,                      -- made by the visitor's browser: a re-send is the same row
  received_at INTEGER NOT NULL,
  payload TEXT NOT NULL,                    -- the spec's JSON payload, as the webhook receives it
  state TEXT NOT NULL DEFAULT 'pending',    -- pending | sending | delivered | stalled
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER NOT NULL,                 -- when the cron may offer it again (lease or backoff)
  last_attempt_at INTEGER,
  last_error TEXT,
  delivered_at INTEGER
);
CREATE INDEX leads_waiting ON leads (state, next_at);
CREATE INDEX leads_received ON leads (received_at);

-- Requests per client and hour, for the rate limit; the cron deletes past hours.
CREATE TABLE rate_hits (
  client TEXT NOT NULL,
  window_start INTEGER NOT NULL,
  hits INTEGER NOT NULL,
  PRIMARY KEY (client, window_start)
);

-- The owner's alerts: one per episode of failing deliveries, not one per lead.
CREATE TABLE alerts (
  sent_at INTEGER NOT NULL,
  waiting INTEGER NOT NULL
);
