-- Each lead goes to the owner by e-mail (send_email) and, when one is set, to the webhook: each
-- channel is marked once done, so a retry repeats only what failed. A lead is delivered when
-- every configured channel is done.
ALTER TABLE leads ADD COLUMN emailed_at INTEGER;
ALTER TABLE leads ADD COLUMN webhook_at INTEGER;
