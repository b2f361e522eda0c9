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
