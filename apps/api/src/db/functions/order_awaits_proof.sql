CREATE OR REPLACE FUNCTION public.order_awaits_proof(order_id integer)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  SELECT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = $1 AND p.status = 'unpaid' AND p.proof_status = 'submitted')
$function$
