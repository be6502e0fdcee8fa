-- Phone numbers are kept as their 10 digits (`phoneSchema` in packages/shared), and shown as
-- (555) 123-4567. The demo data wrote them as typed; searching for a number then found those rows
-- written one way and not the others. Every US number kept otherwise becomes its digits.
CREATE FUNCTION pg_temp.phone_digits(phone text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN phone !~ '^[0-9\s().+-]+$' THEN NULL
    WHEN length(regexp_replace(phone, '[^0-9]', '', 'g')) = 10 THEN regexp_replace(phone, '[^0-9]', '', 'g')
    WHEN regexp_replace(phone, '[^0-9]', '', 'g') ~ '^1[0-9]{10}$' THEN substr(regexp_replace(phone, '[^0-9]', '', 'g'), 2)
  END
$$;
--> statement-breakpoint
UPDATE "tenant_users" SET "phone" = pg_temp.phone_digits("phone")
WHERE "phone" !~ '^[0-9]{10}$' AND pg_temp.phone_digits("phone") IS NOT NULL;
--> statement-breakpoint
UPDATE "client_users" SET "phone" = pg_temp.phone_digits("phone")
WHERE "phone" !~ '^[0-9]{10}$' AND pg_temp.phone_digits("phone") IS NOT NULL;
--> statement-breakpoint
UPDATE "corporations" SET "contact_phone" = pg_temp.phone_digits("contact_phone")
WHERE "contact_phone" !~ '^[0-9]{10}$' AND pg_temp.phone_digits("contact_phone") IS NOT NULL;
