CREATE OR REPLACE FUNCTION public.order_awaits_proof(order_id integer)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN EXISTS (SELECT 1 FROM payments p WHERE p.order_id = $1 AND p.status = 'unpaid' AND p.proof_status = 'submitted');
END;
$function$
