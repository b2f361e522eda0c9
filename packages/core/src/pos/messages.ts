/**
 * The POS texts (docs/requirements/back-office.md §5, §8, §9), apart from the rules so the cart, the price check
 * and the sale schema can all use them without importing one another.
 */
export const posMessages = {
  emptyCart: 'Tambahkan produk ke keranjang terlebih dahulu.',
  shortCash: 'Pembayaran tunai kurang dari total belanja.',
  noStock: 'Stok produk tidak mencukupi.',
  overStock: 'Jumlah item tidak dapat melebihi stok tersedia.',
  productsFailed: 'Gagal memuat data produk. Silakan coba lagi.',
  pickupFailed: 'Gagal memuat pengaturan lokasi pickup. Gunakan informasi manual jika diperlukan.',
  saveFailed: 'Gagal menyimpan transaksi. Silakan coba lagi.',
  noPickup: 'Belum ada konfigurasi pickup.',
  saved: 'Transaksi berhasil disimpan.',
  unknownMethod: 'Metode pembayaran tidak dikenal.',
  noQris: 'QRIS toko belum dikonfigurasi. Minta admin mengisi payload QRIS statis di pengaturan POS.',
  badQris: 'Payload QRIS toko tidak valid (format atau CRC salah). Periksa pengaturan POS.',
  settingsSaved: 'Pengaturan POS berhasil disimpan.',
  emailInvalid: 'Format email tidak valid.',
  /** Issue 13 §9 (docs/issues.md): the sale carries the prices the cashier showed, so a change is never silent. */
  priceRequired: 'Harga satuan setiap produk wajib dikirim dalam rupiah bulat.',
  totalRequired: 'Total belanja wajib dikirim dalam rupiah bulat.',
  priceChanged: 'Harga berubah sejak produk dimasukkan ke keranjang. Keranjang sudah diperbarui; periksa total baru lalu simpan lagi.',
  qrisRedrawn: 'Total berubah: kode QRIS di bawah dibuat ulang untuk total baru. Minta pembeli memindai kode ini.',
} as const;
