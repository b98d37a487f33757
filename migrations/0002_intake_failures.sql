-- Requests the Worker answered 5xx (D1 refused the write, the form's choices unreadable, a fault):
-- the visitor's browser keeps the lead and sends it again, and the cron tells the owner.
CREATE TABLE intake_failures (
  at INTEGER NOT NULL,
  status INTEGER NOT NULL,
  reason TEXT NOT NULL
);
CREATE INDEX intake_failures_at ON intake_failures (at);

-- What an alert was about: leads waiting for the webhook, or requests refused at intake.
ALTER TABLE alerts ADD COLUMN kind TEXT NOT NULL DEFAULT 'backlog';
