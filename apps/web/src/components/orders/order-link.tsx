import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * `order_url` is the web path of the order's page (decision 013); should a deployment answer it
 * absolute on this same site, it is followed inside the app all the same, and a link elsewhere
 * stays a plain link.
 */
export function orderPagePath(url: string): { path: string } | { href: string } {
  if (url.startsWith('/')) return { path: url };
  try {
    const parsed = new URL(url);
    if (typeof window !== 'undefined' && parsed.origin === window.location.origin) return { path: `${parsed.pathname}${parsed.search}` };
    return { href: parsed.href };
  } catch {
    return { path: url };
  }
}

export function OrderPageLink({ url, className, children }: { url: string; className?: string; children: ReactNode }) {
  const target = orderPagePath(url);
  return 'path' in target ? (
    <Link to={target.path} className={className} data-testid="order-page-link">
      {children}
    </Link>
  ) : (
    <a href={target.href} className={className} data-testid="order-page-link">
      {children}
    </a>
  );
}
