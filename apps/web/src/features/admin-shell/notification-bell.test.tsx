/** Issue 31 item 20: the badge counts orders needing attention, each once, not reasons. */
import { describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { Notifications } from '@pasar/core/dashboard';
import { NotificationBell } from './notification-bell';

// Two new orders, two proofs to verify, one of them on a new order: three orders.
const data: Notifications = { pending_total: 2, new_pending: 2, latest_order_id: 3, awaiting_verification: 2, attention: 3, latest: [] };
vi.mock('./api/notifications-api', () => ({ lastSeen: () => undefined, markSeen: () => undefined, useNotifications: () => ({ data }) }));

describe('the notification bell', () => {
  it('shows one count per order, while its label still names both reasons', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <NotificationBell />
      </MemoryRouter>,
    );
    expect(/data-testid="bell-count"[^>]*>([^<]*)</.exec(html)?.[1]).toBe('3');
    expect(html).toContain('2 pesanan baru menunggu konfirmasi, 2 bukti transfer menunggu verifikasi');
  });
});
