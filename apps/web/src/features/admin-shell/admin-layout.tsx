// SCAFFOLD: the admin shell (issue 5) replaces this frame.
import { Outlet } from 'react-router';

export default function AdminLayout() {
  return (
    <div className="min-h-screen">
      <Outlet />
    </div>
  );
}
