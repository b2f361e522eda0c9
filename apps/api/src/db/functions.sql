-- The SQL functions of the database as the migrations leave it, by name, in pg_get_functiondef's words.
-- Generated, do not edit by hand: after a migration that adds, changes or drops a function, run
-- `npx tsx apps/api/src/db/write-functions.ts` (apps/api/src/db/functions.test.ts fails until this file agrees).
-- What feeds each function and what reads what it keeps: docs/database.md.

-- function: assistant_source_changed
CREATE OR REPLACE FUNCTION public.assistant_source_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    INSERT INTO assistant_changes AS a (backend, changes) VALUES (pg_backend_pid(), 1)
      ON CONFLICT (backend) DO UPDATE SET changes = a.changes + 1;
  END IF;
  RETURN NULL;
END;
$function$

-- function: assistant_source_truncated
CREATE OR REPLACE FUNCTION public.assistant_source_truncated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO assistant_changes AS a (backend, changes) VALUES (pg_backend_pid(), 1)
    ON CONFLICT (backend) DO UPDATE SET changes = a.changes + 1;
  RETURN NULL;
END;
$function$

-- function: businesses_certificate_changed
CREATE OR REPLACE FUNCTION public.businesses_certificate_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NEW.nib IS DISTINCT FROM OLD.nib THEN NEW.nib_verified_at := NULL; END IF;
  IF NEW.pirt IS DISTINCT FROM OLD.pirt THEN NEW.pirt_verified_at := NULL; END IF;
  IF NEW.bpom IS DISTINCT FROM OLD.bpom THEN NEW.bpom_verified_at := NULL; END IF;
  IF NEW.halal IS DISTINCT FROM OLD.halal THEN NEW.halal_verified_at := NULL; END IF;
  RETURN NEW;
END;
$function$

-- function: businesses_rename_products
CREATE OR REPLACE FUNCTION public.businesses_rename_products()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE products SET business_id = business_id WHERE business_id = NEW.id;
  END IF;
  RETURN NEW;
END;
$function$

-- function: catalog_changed
CREATE OR REPLACE FUNCTION public.catalog_changed()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF coalesce(current_setting('pasar.catalog_apply_queued', true), '') <> 'on' THEN
    PERFORM set_config('pasar.catalog_apply_queued', 'on', true);
    INSERT INTO catalog_changes (category_id) VALUES (NULL);
  END IF;
END;
$function$

-- function: catalog_changes_apply
CREATE OR REPLACE FUNCTION public.catalog_changes_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  r record;
BEGIN
  -- Row by row in key order: each upsert locks its counter row, so every committing writer
  -- locks counters in one global order. A category deleted in the same transaction (after its
  -- products) has no counter row left to keep.
  FOR r IN
    SELECT ch.category_id, ch.business_id, sum(ch.products)::int AS products, sum(ch.in_stock)::int AS in_stock
    FROM catalog_changes ch
    WHERE ch.category_id IS NOT NULL AND EXISTS (SELECT 1 FROM categories c WHERE c.id = ch.category_id)
    GROUP BY 1, 2
    HAVING sum(ch.products) <> 0 OR sum(ch.in_stock) <> 0
    ORDER BY 1, 2
  LOOP
    INSERT INTO catalog_counts AS cc (category_id, business_id, products, in_stock)
      VALUES (r.category_id, r.business_id, r.products, r.in_stock)
    ON CONFLICT (category_id, business_id)
      DO UPDATE SET products = cc.products + EXCLUDED.products, in_stock = cc.in_stock + EXCLUDED.in_stock;
  END LOOP;
  DELETE FROM catalog_changes;
  UPDATE catalog_state SET version = version + 1 WHERE id = 1;
  PERFORM set_config('pasar.catalog_apply_queued', 'off', true);
  RETURN NULL;
END;
$function$

-- function: catalog_counts_deleted
CREATE OR REPLACE FUNCTION public.catalog_counts_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO catalog_changes (category_id, business_id, products, in_stock)
    SELECT category_id, coalesce(business_id, 0), -count(*), -count(*) FILTER (WHERE stock > 0)
    FROM old_rows WHERE is_active GROUP BY 1, 2;
  PERFORM catalog_changed();
  RETURN NULL;
END;
$function$

-- function: catalog_counts_inserted
CREATE OR REPLACE FUNCTION public.catalog_counts_inserted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO catalog_changes (category_id, business_id, products, in_stock)
    SELECT category_id, coalesce(business_id, 0), count(*), count(*) FILTER (WHERE stock > 0)
    FROM new_rows WHERE is_active GROUP BY 1, 2;
  PERFORM catalog_changed();
  RETURN NULL;
END;
$function$

-- function: catalog_counts_truncated
CREATE OR REPLACE FUNCTION public.catalog_counts_truncated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM 1 FROM catalog_counts ORDER BY category_id, business_id FOR UPDATE;
  DELETE FROM catalog_counts;
  DELETE FROM catalog_changes WHERE category_id IS NOT NULL;
  PERFORM catalog_changed();
  RETURN NULL;
END;
$function$

-- function: catalog_counts_updated
CREATE OR REPLACE FUNCTION public.catalog_counts_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF (OLD.is_active, OLD.category_id, OLD.business_id, OLD.stock > 0) IS DISTINCT FROM (NEW.is_active, NEW.category_id, NEW.business_id, NEW.stock > 0) THEN
    INSERT INTO catalog_changes (category_id, business_id, products, in_stock)
      SELECT OLD.category_id, coalesce(OLD.business_id, 0), -1, -(OLD.stock > 0)::int WHERE OLD.is_active
      UNION ALL
      SELECT NEW.category_id, coalesce(NEW.business_id, 0), 1, (NEW.stock > 0)::int WHERE NEW.is_active;
  END IF;
  PERFORM catalog_changed();
  RETURN NULL;
END;
$function$

-- function: catalog_rows_updated
CREATE OR REPLACE FUNCTION public.catalog_rows_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  other_change boolean;
BEGIN
  WITH d AS MATERIALIZED (
    SELECT CASE WHEN TG_TABLE_NAME = 'products' THEN n.id ELSE (to_jsonb(n)->>'product_id')::int END AS product_id,
           o.stock AS was, n.stock AS now,
           jsonb_populate_record(n, jsonb_build_object('stock', o.stock)) *= o AS rest_same
    FROM new_rows n JOIN old_rows o ON o.id = n.id
  ), feed AS (
    INSERT INTO stock_feed (product_id) SELECT DISTINCT d.product_id FROM d WHERE d.rest_same AND d.was <> d.now AND (d.was > 0) = (d.now > 0)
  )
  SELECT EXISTS (SELECT 1 FROM d WHERE NOT d.rest_same OR (d.was <> d.now AND (d.was > 0) <> (d.now > 0))) INTO other_change;
  IF other_change THEN
    INSERT INTO assistant_changes AS a (backend, changes) VALUES (pg_backend_pid(), 1)
      ON CONFLICT (backend) DO UPDATE SET changes = a.changes + 1;
  END IF;
  RETURN NULL;
END;
$function$

-- function: catalog_version_bump
CREATE OR REPLACE FUNCTION public.catalog_version_bump()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM catalog_changed();
  RETURN NULL;
END;
$function$

-- function: catalogue_figures_add
CREATE OR REPLACE FUNCTION public.catalogue_figures_add(products bigint, active bigint, low_stock bigint, out_of_stock bigint)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF products <> 0 OR active <> 0 OR low_stock <> 0 OR out_of_stock <> 0 THEN
    INSERT INTO catalogue_figures AS c (backend, products, active, low_stock, out_of_stock) VALUES (pg_backend_pid(), products, active, low_stock, out_of_stock)
      ON CONFLICT (backend) DO UPDATE SET products = c.products + EXCLUDED.products, active = c.active + EXCLUDED.active,
        low_stock = c.low_stock + EXCLUDED.low_stock, out_of_stock = c.out_of_stock + EXCLUDED.out_of_stock;
  END IF;
END;
$function$

-- function: catalogue_figures_deleted
CREATE OR REPLACE FUNCTION public.catalogue_figures_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM catalogue_figures_add(-count(*), -count(*) FILTER (WHERE is_active), -count(*) FILTER (WHERE stock <= 5), -count(*) FILTER (WHERE stock = 0)) FROM old_rows;
  RETURN NULL;
END;
$function$

-- function: catalogue_figures_inserted
CREATE OR REPLACE FUNCTION public.catalogue_figures_inserted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM catalogue_figures_add(count(*), count(*) FILTER (WHERE is_active), count(*) FILTER (WHERE stock <= 5), count(*) FILTER (WHERE stock = 0)) FROM new_rows;
  RETURN NULL;
END;
$function$

-- function: catalogue_figures_truncated
CREATE OR REPLACE FUNCTION public.catalogue_figures_truncated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM catalogue_figures;
  RETURN NULL;
END;
$function$

-- function: catalogue_figures_updated
CREATE OR REPLACE FUNCTION public.catalogue_figures_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM catalogue_figures_add(0, coalesce(sum(n.is_active::int - o.is_active::int), 0), coalesce(sum((n.stock <= 5)::int - (o.stock <= 5)::int), 0),
    coalesce(sum((n.stock = 0)::int - (o.stock = 0)::int), 0))
    FROM old_rows o JOIN new_rows n ON n.id = o.id;
  RETURN NULL;
END;
$function$

-- function: config_version_bump
CREATE OR REPLACE FUNCTION public.config_version_bump()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO config_version AS v (id, version) VALUES (true, gen_random_uuid())
    ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version;
  RETURN NULL;
END;
$function$

-- function: merge_figure_rows
CREATE OR REPLACE FUNCTION public.merge_figure_rows()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  WITH gone AS (
    DELETE FROM catalogue_figures WHERE backend IN (
      SELECT backend FROM catalogue_figures WHERE backend <> 0 ORDER BY backend FOR UPDATE SKIP LOCKED)
    RETURNING products, active, low_stock, out_of_stock)
  INSERT INTO catalogue_figures AS c (backend, products, active, low_stock, out_of_stock)
    SELECT 0, coalesce(sum(products), 0), coalesce(sum(active), 0), coalesce(sum(low_stock), 0), coalesce(sum(out_of_stock), 0) FROM gone
  ON CONFLICT (backend) DO UPDATE SET products = c.products + EXCLUDED.products, active = c.active + EXCLUDED.active,
    low_stock = c.low_stock + EXCLUDED.low_stock, out_of_stock = c.out_of_stock + EXCLUDED.out_of_stock;

  WITH gone AS (
    DELETE FROM order_figures WHERE (kind, hour, status, payment_status, backend) IN (
      SELECT kind, hour, status, payment_status, backend FROM order_figures WHERE backend <> 0 FOR UPDATE SKIP LOCKED)
    RETURNING kind, hour, status, payment_status, orders, amount)
  INSERT INTO order_figures AS f (kind, hour, status, payment_status, backend, orders, amount)
    SELECT kind, hour, status, payment_status, 0, sum(orders), sum(amount) FROM gone GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (kind, hour, status, payment_status, backend)
    DO UPDATE SET orders = f.orders + EXCLUDED.orders, amount = f.amount + EXCLUDED.amount;

  WITH gone AS (
    DELETE FROM sales_figures WHERE (grain, period, dimension, key, backend) IN (
      SELECT grain, period, dimension, key, backend FROM sales_figures WHERE backend <> 0 FOR UPDATE SKIP LOCKED)
    RETURNING grain, period, dimension, key, orders, items, goods)
  INSERT INTO sales_figures AS f (grain, period, dimension, key, backend, orders, items, goods)
    SELECT grain, period, dimension, key, 0, sum(orders), sum(items), sum(goods) FROM gone GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (grain, period, dimension, key, backend)
    DO UPDATE SET orders = f.orders + EXCLUDED.orders, items = f.items + EXCLUDED.items, goods = f.goods + EXCLUDED.goods;

  WITH gone AS (
    DELETE FROM assistant_changes WHERE backend IN (
      SELECT backend FROM assistant_changes WHERE backend <> 0 ORDER BY backend FOR UPDATE SKIP LOCKED)
    RETURNING changes)
  INSERT INTO assistant_changes AS a (backend, changes) SELECT 0, coalesce(sum(changes), 0) FROM gone
  ON CONFLICT (backend) DO UPDATE SET changes = a.changes + EXCLUDED.changes;
END;
$function$

-- function: order_awaits_proof
CREATE OR REPLACE FUNCTION public.order_awaits_proof(order_id integer)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN EXISTS (SELECT 1 FROM payments p WHERE p.order_id = $1 AND p.status = 'unpaid' AND p.proof_status = 'submitted');
END;
$function$

-- function: order_cap_address
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

-- function: order_cap_email
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

-- function: order_cap_lock_keys
CREATE OR REPLACE FUNCTION public.order_cap_lock_keys(buyer integer, email text, district integer, address text)
 RETURNS bigint[]
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN ARRAY(
    SELECT k FROM unnest(ARRAY[
      hashtextextended('order-cap:account:' || buyer, 0),
      hashtextextended('order-cap:email:' || email, 0),
      hashtextextended('order-cap:address:' || district || ':' || address, 0)]) AS k
    WHERE k IS NOT NULL ORDER BY k);
END;
$function$

-- function: order_caps_hold
CREATE OR REPLACE FUNCTION public.order_caps_hold(exclude integer, buyer integer, email text, district integer, address text, max_account integer, max_email integer, max_address integer)
 RETURNS boolean
 LANGUAGE plpgsql
AS $function$
DECLARE
  lock_key bigint;
  counts json;
BEGIN
  FOREACH lock_key IN ARRAY order_cap_lock_keys(buyer, email, district, address)
  LOOP
    PERFORM pg_advisory_xact_lock(lock_key);
  END LOOP;
  counts := order_unpaid_counts(exclude, buyer, email, district, address);
  IF buyer IS NOT NULL AND (counts->>'by_account')::int >= max_account THEN
    RAISE EXCEPTION 'unpaid order cap' USING ERRCODE = 'PU002', DETAIL = json_build_object('cap', 'account', 'count', counts->'by_account')::text;
  END IF;
  IF (counts->>'by_email')::int >= max_email THEN
    RAISE EXCEPTION 'unpaid order cap' USING ERRCODE = 'PU002', DETAIL = json_build_object('cap', 'email', 'count', counts->'by_email')::text;
  END IF;
  IF (counts->>'by_address')::int >= max_address THEN
    RAISE EXCEPTION 'unpaid order cap' USING ERRCODE = 'PU002', DETAIL = json_build_object('cap', 'address', 'count', counts->'by_address')::text;
  END IF;
  RETURN true;
END;
$function$

-- function: order_figures_apply
CREATE OR REPLACE FUNCTION public.order_figures_apply(gone orders[], came orders[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF coalesce(cardinality(gone), 0) = 0 AND coalesce(cardinality(came), 0) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO order_figures AS f (kind, hour, status, payment_status, backend, orders, amount)
  SELECT c.kind, c.hour, c.status, c.payment_status, pg_backend_pid(), sum(c.n), sum(c.amount)
  FROM (SELECT o.id, o.status, o.payment_status, o.total_amount, o.created_at, -1 AS sign FROM unnest(gone) o
        UNION ALL
        SELECT o.id, o.status, o.payment_status, o.total_amount, o.created_at, 1 FROM unnest(came) o) r
  CROSS JOIN LATERAL (
    SELECT 0::smallint, '-infinity'::timestamptz, r.status, r.payment_status, r.sign, r.sign * r.total_amount::bigint
    UNION ALL
    SELECT 1::smallint, date_trunc('hour', r.created_at, 'UTC'), r.status, '', r.sign, r.sign * r.total_amount::bigint
    UNION ALL
    SELECT 2::smallint, order_revenue_hour(r.id, r.created_at), '', '', r.sign, r.sign * r.total_amount::bigint
    WHERE r.payment_status = 'paid'
    UNION ALL
    SELECT 3::smallint, '-infinity'::timestamptz, r.status, '', r.sign, r.sign * r.total_amount::bigint
    WHERE r.payment_status = 'unpaid' AND order_awaits_proof(r.id)
    UNION ALL
    SELECT 4::smallint, '-infinity'::timestamptz, r.status, r.payment_status, 0, r.sign * x.refunded
    FROM (SELECT order_refunded(r.id) AS refunded) x
    WHERE r.payment_status = 'paid' AND x.refunded <> 0
  ) c(kind, hour, status, payment_status, n, amount)
  GROUP BY 1, 2, 3, 4
  HAVING sum(c.n) <> 0 OR sum(c.amount) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (kind, hour, status, payment_status, backend)
    DO UPDATE SET orders = f.orders + EXCLUDED.orders, amount = f.amount + EXCLUDED.amount;
END;
$function$

-- function: order_figures_deleted
CREATE OR REPLACE FUNCTION public.order_figures_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM order_figures_apply(ARRAY[OLD], '{}'::orders[]);
  RETURN OLD;
END;
$function$

-- function: order_figures_inserted
CREATE OR REPLACE FUNCTION public.order_figures_inserted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM order_figures_apply('{}'::orders[], ARRAY(SELECT ROW(n.*)::orders FROM new_rows n));
  RETURN NULL;
END;
$function$

-- function: order_figures_payments_apply
CREATE OR REPLACE FUNCTION public.order_figures_payments_apply(gone payments[], came payments[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF coalesce(cardinality(gone), 0) = 0 AND coalesce(cardinality(came), 0) = 0 THEN
    RETURN;
  END IF;
  -- Set-wise (joins, not a lookup per payment): a bulk insert of payments stays linear.
  INSERT INTO order_figures AS f (kind, hour, status, payment_status, backend, orders, amount)
  WITH came AS (SELECT * FROM unnest(came)),
       gone AS (SELECT * FROM unnest(gone)),
       touched AS (SELECT o.id, o.status, o.payment_status, o.created_at, o.total_amount::bigint AS amount FROM orders o
                   WHERE o.id IN (SELECT order_id FROM gone UNION SELECT order_id FROM came)
                     AND o.payment_status IN ('paid', 'unpaid')),
       before AS (SELECT x.order_id, max(x.paid_at) AS paid_at, bool_or(x.status = 'unpaid' AND x.proof_status = 'submitted') AS awaits FROM (
                    SELECT p.order_id, p.paid_at, p.status, p.proof_status FROM payments p JOIN touched t ON t.id = p.order_id
                    WHERE NOT EXISTS (SELECT 1 FROM came c WHERE c.id = p.id)
                    UNION ALL
                    SELECT g.order_id, g.paid_at, g.status, g.proof_status FROM gone g) x
                  GROUP BY 1),
       after AS (SELECT p.order_id, max(p.paid_at) AS paid_at, bool_or(p.status = 'unpaid' AND p.proof_status = 'submitted') AS awaits
                 FROM payments p JOIN touched t ON t.id = p.order_id GROUP BY 1)
  SELECT c.kind, c.hour, c.status, '', pg_backend_pid(), sum(c.n), sum(c.amount)
  FROM touched t
  LEFT JOIN before b ON b.order_id = t.id
  LEFT JOIN after a ON a.order_id = t.id
  CROSS JOIN LATERAL (
    SELECT 2::smallint, date_trunc('hour', coalesce(b.paid_at, t.created_at), 'UTC'), '', -1, -t.amount WHERE t.payment_status = 'paid'
    UNION ALL
    SELECT 2::smallint, date_trunc('hour', coalesce(a.paid_at, t.created_at), 'UTC'), '', 1, t.amount WHERE t.payment_status = 'paid'
    UNION ALL
    SELECT 3::smallint, '-infinity'::timestamptz, t.status, -1, -t.amount WHERE t.payment_status = 'unpaid' AND coalesce(b.awaits, false)
    UNION ALL
    SELECT 3::smallint, '-infinity'::timestamptz, t.status, 1, t.amount WHERE t.payment_status = 'unpaid' AND coalesce(a.awaits, false)
  ) c(kind, hour, status, n, amount)
  GROUP BY 1, 2, 3
  HAVING sum(c.n) <> 0 OR sum(c.amount) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (kind, hour, status, payment_status, backend)
    DO UPDATE SET orders = f.orders + EXCLUDED.orders, amount = f.amount + EXCLUDED.amount;
END;
$function$

-- function: order_figures_payments_deleted
CREATE OR REPLACE FUNCTION public.order_figures_payments_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM order_figures_payments_apply(ARRAY(SELECT ROW(d.*)::payments FROM old_rows d
    WHERE d.paid_at IS NOT NULL OR (d.status = 'unpaid' AND d.proof_status = 'submitted')), '{}'::payments[]);
  RETURN NULL;
END;
$function$

-- function: order_figures_payments_inserted
CREATE OR REPLACE FUNCTION public.order_figures_payments_inserted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM order_figures_payments_apply('{}'::payments[], ARRAY(SELECT ROW(n.*)::payments FROM new_rows n
    WHERE n.paid_at IS NOT NULL OR (n.status = 'unpaid' AND n.proof_status = 'submitted')));
  RETURN NULL;
END;
$function$

-- function: order_figures_payments_truncated
CREATE OR REPLACE FUNCTION public.order_figures_payments_truncated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM order_figures WHERE kind = 3;
  PERFORM order_figures_rebuild_revenue();
  RETURN NULL;
END;
$function$

-- function: order_figures_payments_updated
CREATE OR REPLACE FUNCTION public.order_figures_payments_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM order_figures_payments_apply(
    ARRAY(SELECT ROW(d.*)::payments FROM old_rows d JOIN new_rows n ON n.id = d.id
          WHERE (d.order_id, d.paid_at, d.status, d.proof_status) IS DISTINCT FROM (n.order_id, n.paid_at, n.status, n.proof_status)),
    ARRAY(SELECT ROW(n.*)::payments FROM old_rows d JOIN new_rows n ON n.id = d.id
          WHERE (d.order_id, d.paid_at, d.status, d.proof_status) IS DISTINCT FROM (n.order_id, n.paid_at, n.status, n.proof_status)));
  RETURN NULL;
END;
$function$

-- function: order_figures_rebuild_revenue
CREATE OR REPLACE FUNCTION public.order_figures_rebuild_revenue()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM order_figures WHERE kind = 2;
  INSERT INTO order_figures (kind, hour, status, payment_status, backend, orders, amount)
    SELECT 2, x.hour, '', '', 0, sum(x.n), sum(x.amount) FROM (
      SELECT order_revenue_hour(o.id, o.created_at) AS hour, 1 AS n, o.total_amount::bigint AS amount FROM orders o WHERE o.payment_status = 'paid'
      UNION ALL
      SELECT date_trunc('hour', r.created_at, 'UTC'), 0, -r.amount::bigint FROM refunds r) x
    GROUP BY 2;
END;
$function$

-- function: order_figures_truncated
CREATE OR REPLACE FUNCTION public.order_figures_truncated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM order_figures;
  RETURN NULL;
END;
$function$

-- function: order_figures_updated
CREATE OR REPLACE FUNCTION public.order_figures_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM order_figures_apply(
    ARRAY(SELECT ROW(o.*)::orders FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.status, o.payment_status, o.total_amount, o.created_at) IS DISTINCT FROM (n.status, n.payment_status, n.total_amount, n.created_at)),
    ARRAY(SELECT ROW(n.*)::orders FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.status, o.payment_status, o.total_amount, o.created_at) IS DISTINCT FROM (n.status, n.payment_status, n.total_amount, n.created_at)));
  RETURN NULL;
END;
$function$

-- function: order_refunded
CREATE OR REPLACE FUNCTION public.order_refunded(order_id integer)
 RETURNS bigint
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN (SELECT coalesce(sum(r.amount), 0)::bigint FROM refunds r WHERE r.order_id = $1);
END;
$function$

-- function: order_revenue_hour
CREATE OR REPLACE FUNCTION public.order_revenue_hour(order_id integer, created_at timestamp with time zone)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN date_trunc('hour', coalesce((SELECT max(p.paid_at) FROM payments p WHERE p.order_id = $1), $2), 'UTC');
END;
$function$

-- function: order_unpaid_counts
CREATE OR REPLACE FUNCTION public.order_unpaid_counts(exclude integer, buyer integer, email text, district integer, address text)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN json_build_object(
    'by_account', (SELECT count(*)::int FROM orders o
                   WHERE buyer IS NOT NULL AND o.user_id = buyer AND o.payment_status = 'unpaid' AND o.status <> 'cancelled'
                     AND o.order_type = 'online' AND o.id <> coalesce(exclude, 0)),
    'by_email', (SELECT count(*)::int FROM orders o
                 WHERE email IS NOT NULL AND o.cap_email = email AND o.payment_status = 'unpaid' AND o.status <> 'cancelled'
                   AND o.order_type = 'online' AND o.id <> coalesce(exclude, 0)),
    'by_address', (SELECT count(*)::int FROM orders o
                   WHERE address IS NOT NULL AND o.shipping_district_id = district AND o.cap_address = address
                     AND o.payment_status = 'unpaid' AND o.status <> 'cancelled' AND o.order_type = 'online' AND o.id <> coalesce(exclude, 0)));
END;
$function$

-- function: products_search_text
CREATE OR REPLACE FUNCTION public.products_search_text()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  NEW.search_text := lower(
    coalesce(NEW.name, '') || ' ' || coalesce(NEW.description, '') || ' ' ||
    coalesce((SELECT b.name FROM businesses b WHERE b.id = NEW.business_id), '')
  );
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM regexp_split_to_table(NEW.search_text, '[^a-z0-9]+') AS w
    WHERE length(w) >= 3 AND length(w) <= 40
  ON CONFLICT (word) DO NOTHING;
  RETURN NEW;
END;
$function$

-- function: refund_figures_apply
CREATE OR REPLACE FUNCTION public.refund_figures_apply(rows refunds[], sign integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF coalesce(cardinality(rows), 0) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO order_figures AS f (kind, hour, status, payment_status, backend, orders, amount)
  SELECT c.kind, c.hour, c.status, c.payment_status, pg_backend_pid(), 0, sum(c.amount)
  FROM unnest(rows) r
  LEFT JOIN orders o ON o.id = r.order_id
  CROSS JOIN LATERAL (
    SELECT 2::smallint, date_trunc('hour', r.created_at, 'UTC'), '', '', -sign * r.amount::bigint
    UNION ALL
    SELECT 4::smallint, '-infinity'::timestamptz, o.status, o.payment_status, sign * r.amount::bigint
    WHERE o.id IS NOT NULL AND o.payment_status = 'paid'
  ) c(kind, hour, status, payment_status, amount)
  GROUP BY 1, 2, 3, 4
  HAVING sum(c.amount) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (kind, hour, status, payment_status, backend)
    DO UPDATE SET orders = f.orders + EXCLUDED.orders, amount = f.amount + EXCLUDED.amount;
END;
$function$

-- function: refund_figures_deleted
CREATE OR REPLACE FUNCTION public.refund_figures_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM refund_figures_apply(ARRAY(SELECT ROW(d.*)::refunds FROM old_rows d), -1);
  RETURN NULL;
END;
$function$

-- function: refund_figures_inserted
CREATE OR REPLACE FUNCTION public.refund_figures_inserted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM refund_figures_apply(ARRAY(SELECT ROW(n.*)::refunds FROM new_rows n), 1);
  RETURN NULL;
END;
$function$

-- function: refund_figures_truncated
CREATE OR REPLACE FUNCTION public.refund_figures_truncated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM order_figures WHERE kind = 4;
  PERFORM order_figures_rebuild_revenue();
  RETURN NULL;
END;
$function$

-- function: refund_figures_updated
CREATE OR REPLACE FUNCTION public.refund_figures_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM refund_figures_apply(ARRAY(SELECT ROW(d.*)::refunds FROM old_rows d), -1);
  PERFORM refund_figures_apply(ARRAY(SELECT ROW(n.*)::refunds FROM new_rows n), 1);
  RETURN NULL;
END;
$function$

-- function: sales_figures_apply
CREATE OR REPLACE FUNCTION public.sales_figures_apply(gone sales_line[], came sales_line[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF coalesce(cardinality(gone), 0) = 0 AND coalesce(cardinality(came), 0) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO sales_figures AS f (grain, period, dimension, key, backend, orders, items, goods)
  WITH l AS (SELECT g.*, -1 AS sign FROM unnest(gone) g UNION ALL SELECT c.*, 1 FROM unnest(came) c),
       per AS (
         SELECT l.order_id, l.sign, date_trunc('hour', l.at, 'UTC') AS hour, d.dim, d.key,
                sum(l.quantity)::bigint AS items, sum(l.goods)::bigint AS goods
         FROM l CROSS JOIN LATERAL (VALUES (0::smallint, 0), (1::smallint, CASE WHEN l.order_type = 'pos' THEN 1 ELSE 0 END),
                                           (2::smallint, l.business_key), (3::smallint, l.district_key), (4::smallint, l.category_id)) d(dim, key)
         GROUP BY 1, 2, 3, 4, 5)
  SELECT g.grain, g.period, per.dim, per.key, pg_backend_pid(), sum(per.sign), sum(per.sign * per.items), sum(per.sign * per.goods)
  FROM per CROSS JOIN LATERAL (VALUES (0::smallint, per.hour), (1::smallint, date_trunc('day', per.hour, 'UTC')), (2::smallint, date_trunc('month', per.hour, 'UTC'))) g(grain, period)
  GROUP BY 1, 2, 3, 4
  HAVING sum(per.sign) <> 0 OR sum(per.sign * per.items) <> 0 OR sum(per.sign * per.goods) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (grain, period, dimension, key, backend)
    DO UPDATE SET orders = f.orders + EXCLUDED.orders, items = f.items + EXCLUDED.items, goods = f.goods + EXCLUDED.goods;
END;
$function$

-- function: sales_figures_businesses_updated
CREATE OR REPLACE FUNCTION public.sales_figures_businesses_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  moved businesses[];
  ords orders[];
  items order_items[];
BEGIN
  moved := ARRAY(SELECT ROW(o.*)::businesses FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.district_id IS DISTINCT FROM n.district_id);
  IF cardinality(moved) = 0 THEN
    RETURN NULL;
  END IF;
  ords := ARRAY(SELECT o FROM orders o WHERE o.payment_status = 'paid' AND o.status <> 'cancelled'
                  AND o.id IN (SELECT i.order_id FROM order_items i JOIN products p ON p.id = i.product_id
                               WHERE p.business_id IN (SELECT m.id FROM unnest(moved) m)));
  items := ARRAY(SELECT i FROM order_items i WHERE i.order_id IN (SELECT o.id FROM unnest(ords) o));
  PERFORM sales_figures_apply(
    ARRAY(SELECT l FROM sales_lines_of(items, ords, '{}'::products[], moved) l),
    ARRAY(SELECT l FROM sales_lines_of(items, ords, '{}'::products[], '{}'::businesses[]) l));
  RETURN NULL;
END;
$function$

-- function: sales_figures_items_apply
CREATE OR REPLACE FUNCTION public.sales_figures_items_apply(gone order_items[], came order_items[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  touched orders[];
BEGIN
  touched := ARRAY(SELECT o FROM orders o WHERE o.id IN (SELECT order_id FROM unnest(gone) UNION SELECT order_id FROM unnest(came))
                     AND o.payment_status = 'paid' AND o.status <> 'cancelled');
  IF cardinality(touched) = 0 THEN
    RETURN;
  END IF;
  PERFORM sales_figures_apply(
    ARRAY(SELECT l FROM sales_lines_of(
      ARRAY(SELECT i FROM order_items i WHERE i.order_id IN (SELECT t.id FROM unnest(touched) t)
              AND NOT EXISTS (SELECT 1 FROM unnest(came) c WHERE c.id = i.id)
            UNION ALL SELECT ROW(g.*)::order_items FROM unnest(gone) g),
      touched, '{}'::products[], '{}'::businesses[]) l),
    ARRAY(SELECT l FROM sales_lines_of(ARRAY(SELECT i FROM order_items i WHERE i.order_id IN (SELECT t.id FROM unnest(touched) t)),
      touched, '{}'::products[], '{}'::businesses[]) l));
END;
$function$

-- function: sales_figures_items_deleted
CREATE OR REPLACE FUNCTION public.sales_figures_items_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM sales_figures_items_apply(ARRAY(SELECT ROW(o.*)::order_items FROM old_rows o), '{}'::order_items[]);
  RETURN NULL;
END;
$function$

-- function: sales_figures_items_inserted
CREATE OR REPLACE FUNCTION public.sales_figures_items_inserted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN orders o ON o.id = n.order_id WHERE o.payment_status = 'paid' AND o.status <> 'cancelled') THEN
    RETURN NULL;
  END IF;
  PERFORM sales_figures_items_apply('{}'::order_items[], ARRAY(SELECT ROW(n.*)::order_items FROM new_rows n));
  RETURN NULL;
END;
$function$

-- function: sales_figures_items_updated
CREATE OR REPLACE FUNCTION public.sales_figures_items_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM sales_figures_items_apply(
    ARRAY(SELECT ROW(o.*)::order_items FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.order_id, o.product_id, o.quantity, o.line_total) IS DISTINCT FROM (n.order_id, n.product_id, n.quantity, n.line_total)),
    ARRAY(SELECT ROW(n.*)::order_items FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.order_id, o.product_id, o.quantity, o.line_total) IS DISTINCT FROM (n.order_id, n.product_id, n.quantity, n.line_total)));
  RETURN NULL;
END;
$function$

-- function: sales_figures_order_deleted
CREATE OR REPLACE FUNCTION public.sales_figures_order_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF OLD.payment_status = 'paid' AND OLD.status <> 'cancelled' THEN
    PERFORM sales_figures_apply(
      ARRAY(SELECT l FROM sales_lines_of(ARRAY(SELECT i FROM order_items i WHERE i.order_id = OLD.id), ARRAY[OLD], '{}'::products[], '{}'::businesses[]) l),
      '{}'::sales_line[]);
  END IF;
  RETURN OLD;
END;
$function$

-- function: sales_figures_orders_updated
CREATE OR REPLACE FUNCTION public.sales_figures_orders_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  changed integer[];
BEGIN
  changed := ARRAY(SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.status = 'cancelled', o.payment_status = 'paid', o.created_at, o.order_type) IS DISTINCT FROM (n.status = 'cancelled', n.payment_status = 'paid', n.created_at, n.order_type)
      AND ((o.payment_status = 'paid' AND o.status <> 'cancelled') OR (n.payment_status = 'paid' AND n.status <> 'cancelled')));
  IF cardinality(changed) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM sales_figures_apply(
    ARRAY(SELECT l FROM sales_lines_of(ARRAY(SELECT i FROM order_items i WHERE i.order_id = ANY(changed)),
                                       ARRAY(SELECT ROW(o.*)::orders FROM old_rows o WHERE o.id = ANY(changed)), '{}'::products[], '{}'::businesses[]) l),
    ARRAY(SELECT l FROM sales_lines_of(ARRAY(SELECT i FROM order_items i WHERE i.order_id = ANY(changed)),
                                       ARRAY(SELECT ROW(n.*)::orders FROM new_rows n WHERE n.id = ANY(changed)), '{}'::products[], '{}'::businesses[]) l));
  RETURN NULL;
END;
$function$

-- function: sales_figures_products_updated
CREATE OR REPLACE FUNCTION public.sales_figures_products_updated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  moved products[];
  ords orders[];
  items order_items[];
BEGIN
  moved := ARRAY(SELECT ROW(o.*)::products FROM old_rows o JOIN new_rows n ON n.id = o.id
                 WHERE (o.business_id, o.category_id) IS DISTINCT FROM (n.business_id, n.category_id));
  IF cardinality(moved) = 0 THEN
    RETURN NULL;
  END IF;
  ords := ARRAY(SELECT o FROM orders o WHERE o.payment_status = 'paid' AND o.status <> 'cancelled'
                  AND o.id IN (SELECT i.order_id FROM order_items i WHERE i.product_id IN (SELECT m.id FROM unnest(moved) m)));
  items := ARRAY(SELECT i FROM order_items i WHERE i.order_id IN (SELECT o.id FROM unnest(ords) o));
  PERFORM sales_figures_apply(
    ARRAY(SELECT l FROM sales_lines_of(items, ords, moved, '{}'::businesses[]) l),
    ARRAY(SELECT l FROM sales_lines_of(items, ords, '{}'::products[], '{}'::businesses[]) l));
  RETURN NULL;
END;
$function$

-- function: sales_figures_rebuild
CREATE OR REPLACE FUNCTION public.sales_figures_rebuild()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM sales_figures;
  PERFORM sales_figures_apply('{}'::sales_line[], ARRAY(
    SELECT l FROM sales_lines_of(
      ARRAY(SELECT i FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.payment_status = 'paid' AND o.status <> 'cancelled'),
      ARRAY(SELECT o FROM orders o WHERE o.payment_status = 'paid' AND o.status <> 'cancelled'),
      '{}'::products[], '{}'::businesses[]) l));
  UPDATE sales_figures SET backend = 0 WHERE backend <> 0;
END;
$function$

-- function: sales_figures_truncated
CREATE OR REPLACE FUNCTION public.sales_figures_truncated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM sales_figures_rebuild();
  RETURN NULL;
END;
$function$

-- function: sales_lines_of
CREATE OR REPLACE FUNCTION public.sales_lines_of(items order_items[], ords orders[], prods products[], bizs businesses[])
 RETURNS SETOF sales_line
 LANGUAGE sql
 STABLE
AS $function$
  SELECT i.order_id, o.created_at, o.order_type, coalesce(p.business_id, 0),
         CASE WHEN p.business_id IS NULL THEN 0 ELSE coalesce(b.district_id, -1) END,
         p.category_id, i.quantity, i.line_total::bigint
  FROM unnest(items) i
  JOIN unnest(ords) o ON o.id = i.order_id AND o.payment_status = 'paid' AND o.status <> 'cancelled'
  CROSS JOIN LATERAL (
    SELECT po.business_id, po.category_id FROM unnest(prods) po WHERE po.id = i.product_id
    UNION ALL
    SELECT pc.business_id, pc.category_id FROM products pc WHERE pc.id = i.product_id AND NOT EXISTS (SELECT 1 FROM unnest(prods) x WHERE x.id = i.product_id)
  ) p
  LEFT JOIN LATERAL (
    SELECT bo.district_id FROM unnest(bizs) bo WHERE bo.id = p.business_id
    UNION ALL
    SELECT bc.district_id FROM businesses bc WHERE bc.id = p.business_id AND NOT EXISTS (SELECT 1 FROM unnest(bizs) y WHERE y.id = p.business_id)
  ) b ON true
$function$

-- function: stock_short
CREATE OR REPLACE FUNCTION public.stock_short(lines json)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF lines IS NOT NULL THEN
    RAISE EXCEPTION 'insufficient stock' USING ERRCODE = 'PU001', DETAIL = lines::text;
  END IF;
END;
$function$
