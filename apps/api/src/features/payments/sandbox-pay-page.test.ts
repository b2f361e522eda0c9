import { describe, expect, it } from 'vitest';
import { sandboxPayPageHtml } from './sandbox-pay-page';

const payment = { reference: 'SBX-0123456789AB', payment_name: 'QRIS (semua e-wallet & m-banking)', order_id: 42, amount: 125_750, status: 'unpaid' };
const token = 'a'.repeat(64);

describe('the demo gateway pay page (issue 16)', () => {
  it('offers the demo buttons while unpaid, in Indonesian, with the demo label and no English status', () => {
    const html = sandboxPayPageHtml({ payment, order: { status: 'pending', access_token: token } });
    expect(html).toContain('<html lang="id">');
    expect(html).toContain('Mode demo — tidak ada uang yang berpindah.');
    expect(html).toContain('Pembayaran online (demo)');
    expect(html).toContain('Bayar sekarang');
    expect(html).toContain('<dd data-testid="pay-status">Belum dibayar</dd>');
    expect(html).toContain('<dd data-testid="order-status">Menunggu konfirmasi</dd>');
    expect(html).toContain('QRIS (semua e-wallet &amp; m-banking)');
    expect(html).not.toMatch(/sandbox|Status: /i);
  });

  it("names the payment's and the order's states by core's labels once paid, and leads back to the order and the shop", () => {
    const html = sandboxPayPageHtml({ payment: { ...payment, status: 'paid' }, order: { status: 'pending', access_token: token } });
    expect(html).not.toContain('Bayar sekarang');
    expect(html).toContain('<dl role="status"><dt>Pembayaran</dt><dd data-testid="pay-status">Sudah dibayar</dd><dt>Status pesanan</dt><dd data-testid="order-status">Menunggu konfirmasi</dd></dl>');
    expect(html).toContain(`<a class="link primary" href="/pesanan/akses/${token}">Lihat halaman pesanan</a>`);
    expect(html).toContain('<a class="link secondary" href="/">Kembali ke toko</a>');
    const failed = sandboxPayPageHtml({ payment: { ...payment, status: 'expired' }, order: { status: 'cancelled', access_token: null } });
    expect(failed).toContain('Kedaluwarsa');
    expect(failed).toContain('Dibatalkan');
    // Without a link to the order, the shop is the one way back.
    expect(failed).not.toContain('Lihat halaman pesanan');
    expect(failed).toContain('<a class="link primary" href="/">Kembali ke toko</a>');
  });

  it('runs no script (the Content-Security-Policy allows none) and gives its one <style> the nonce', () => {
    const html = sandboxPayPageHtml({ payment, order: { status: 'pending', access_token: token }, styleNonce: '0f'.repeat(16) });
    expect(html).not.toMatch(/<script|\son[a-z]+=|javascript:/i);
    expect(html.match(/<style[^>]*>/g)).toEqual([`<style nonce="${'0f'.repeat(16)}">`]);
    expect(sandboxPayPageHtml({ payment, order: undefined }).match(/<style[^>]*>/g)).toEqual(['<style>']);
  });

  it('escapes what the gateway row holds', () => {
    const html = sandboxPayPageHtml({ payment: { ...payment, payment_name: '<img src=x onerror=alert(1)>' }, order: undefined });
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
  });
});
