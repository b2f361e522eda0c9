import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import ApplyPage from './apply-page';

const render = () =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/daftar-mitra']}>
        <ApplyPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('Daftar jadi mitra for a visitor', () => {
  it('asks for the business, its address from province to kecamatan, its NIB, a payout account and the account to sign in with', () => {
    const html = render();
    for (const section of ['Usaha Anda', 'Kontak', 'Alamat usaha', 'Legalitas', 'Rekening pencairan', 'Akun untuk masuk']) expect(html).toContain(`>${section}</legend>`);
    for (const id of ['pa-province', 'pa-city', 'pa-district']) expect(html).toMatch(new RegExp(`<select id="${id}"`));
    expect(html).toContain('NIB (Nomor Induk Berusaha)');
    expect(html).toContain('id="pa-username"');
    expect(html).toContain('id="pa-password-confirmation"');
    expect(html).toContain('>Kirim pendaftaran</button>');
  });
});
