// SCAFFOLD: header and footer arrive with the storefront work.
import { Outlet } from 'react-router';

export function StorefrontLayout() {
  return (
    <div className="min-h-screen">
      <Outlet />
    </div>
  );
}
