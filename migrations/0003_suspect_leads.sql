-- A lead whose hidden form field was filled (a bot, or a person's autofill): kept and marked, never
-- sent to the webhook; the owner's e-mail shows it as to be checked.
ALTER TABLE leads ADD COLUMN suspect INTEGER NOT NULL DEFAULT 0;
