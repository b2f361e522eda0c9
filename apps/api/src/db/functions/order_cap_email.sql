CREATE OR REPLACE FUNCTION public.order_cap_email(email text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
DECLARE
  address text;
  name text;
  domain text;
BEGIN
  IF email IS NULL THEN
    RETURN NULL;
  END IF;
  address := regexp_replace(
    translate(regexp_replace(normalize(email, NFKD), '[' || chr(768) || '-' || chr(879) || ']', '', 'g'), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
    '[' || E' \t\n\r\f\v' || ']+', '', 'g');
  IF strpos(address, '@') = 0 THEN
    RETURN address;
  END IF;
  name := substring(address FROM '^(.*)@');
  domain := substring(address FROM '@([^@]*)$');
  IF strpos(name, '+') > 0 THEN
    name := split_part(name, '+', 1);
  END IF;
  IF domain IN ('gmail.com', 'googlemail.com') THEN
    domain := 'gmail.com';
    name := replace(name, '.', '');
  END IF;
  RETURN name || '@' || domain;
END;
$function$
