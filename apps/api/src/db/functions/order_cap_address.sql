CREATE OR REPLACE FUNCTION public.order_cap_address(address text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
DECLARE
  plain text;
  word text;
  key text := '';
  in_neighbourhood boolean := false;
BEGIN
  IF address IS NULL THEN
    RETURN NULL;
  END IF;
  plain := translate(regexp_replace(normalize(address, NFKD), '[' || chr(768) || '-' || chr(879) || ']', '', 'g'), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
  FOR word IN SELECT r.m[1] FROM regexp_matches(plain, '[a-z]+|[0-9]+', 'g') WITH ORDINALITY AS r(m, n) ORDER BY r.n LOOP
    IF word IN ('rt', 'rw') THEN
      in_neighbourhood := true;
      CONTINUE;
    END IF;
    -- The numbers after RT or RW belong to them.
    IF in_neighbourhood AND word ~ '^[0-9]' THEN
      CONTINUE;
    END IF;
    in_neighbourhood := false;
    IF word IN ('jl', 'jln', 'jalan', 'no', 'nmr', 'nomor', 'nomer') THEN
      CONTINUE;
    END IF;
    IF word ~ '^[0-9]' THEN
      key := key || regexp_replace(word, '^0+(?=[0-9])', '');
    ELSE
      key := key || CASE word
        WHEN 'gg' THEN 'gang' WHEN 'blk' THEN 'blok' WHEN 'kav' THEN 'kavling'
        WHEN 'komp' THEN 'komplek' WHEN 'kompleks' THEN 'komplek' WHEN 'komplex' THEN 'komplek'
        WHEN 'perum' THEN 'perumahan' WHEN 'kel' THEN 'kelurahan' WHEN 'kec' THEN 'kecamatan'
        WHEN 'ds' THEN 'desa' WHEN 'dsn' THEN 'dusun' WHEN 'kab' THEN 'kabupaten'
        ELSE word END;
    END IF;
  END LOOP;
  IF key <> '' THEN
    RETURN key;
  END IF;
  RETURN btrim(regexp_replace(plain, '[' || E' \t\n\r\f\v' || ']+', ' ', 'g'), ' ');
END;
$function$
