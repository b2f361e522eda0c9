-- Hand-written: the three roles are reference data every database needs, demo data or not
-- (registration makes customers; create-admin needs the admin role).
INSERT INTO roles (name, display_name, can_access_admin) VALUES
  ('admin', 'Administrator', true),
  ('operator', 'Operator', false),
  ('customer', 'Pelanggan', false)
ON CONFLICT (name) DO NOTHING;
