import { Navigate } from 'react-router';

/** /admin opens the dashboard. */
export default function AdminIndex() {
  return <Navigate to="/admin/dashboard" replace />;
}
