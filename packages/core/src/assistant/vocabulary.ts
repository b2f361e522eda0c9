/**
 * The shopping assistant's Indonesian commerce vocabulary (issue 16 (docs/issues.md); decision 012).
 * Plain data read by retrieval.ts; nothing here does I/O. Place names (cities, regencies and
 * provinces) are not listed here: the API reads them from its area data when it starts
 * (apps/api/src/features/assistant/place-names.ts) and the rules below say how they are used.
 *
 * How to extend it, when a shopper's question found nothing or the wrong entry (the admin's list
 * of unanswered questions is the place to look):
 * - A colloquial spelling, abbreviation or typo of ONE word ('brp' for 'berapa', 'nyimpen' for
 *   'menyimpan'): add it to WORD_FORMS. It is rewritten before anything else and counts as the
 *   word itself.
 * - Words that mean the same thing and should be one word for retrieval and for the price guard
 *   ('cemilan' and 'camilan'): add them to a group of SAME_MEANING (the first word names the
 *   group). Use this sparingly: these words are merged at full weight everywhere.
 * - Words and phrases that point at one topic without being the same word ('refund', 'komplain'
 *   and 'pengembalian' all point at returns): add them to a group of RELATED. A question and a
 *   text that share a topic meet, but weighted below a shared word, so an exact match still wins.
 *   Phrases are written as a shopper types them ('jualan di sini'); they are folded and stemmed
 *   like every text, so one form of a word also finds its other forms.
 * - A word that says nothing about the topic ('dong', 'sih'): add it to STOP_WORDS.
 * - A place name shoppers use that is not an official name ('jogja', 'jaksel'): add it to
 *   PLACE_ALIASES. An official name that is also an everyday word ('batu', 'malang') belongs in
 *   AMBIGUOUS_PLACES: it is then a place only after 'ke', 'di', 'dari' and the like.
 * Write general vocabulary, never the exact words of a test question, and run
 * apps/api/src/features/assistant/assistant.retrieval.test.ts: both question sets print their
 * hit rate and must stay above their floors.
 */

/** Words that say nothing about the topic of a shopper's question. */
export const STOP_WORDS =
  'apa apakah siapa ada adakah yang dan atau di ke dari untuk dengan ini itu saya aku kami kita anda kamu bisa bisakah boleh ' +
  'bagaimana gimana gmn cara berapa kapan mana dimana kenapa mengapa tolong mohon dong ya kak min admin gan sis mau ingin ' +
  'pengen pingin cari mencari punya tidak gak nggak enggak ga tdk sudah udah belum akan jadi juga saja aja lagi nya pun ' +
  'pada dalam sebagai agar supaya kalau kalo jika apabila tentang seperti ada produk barang jual dijual ' +
  'sih kok deh nih kan tuh loh lho tapi biar sini disini situ disitu lewat via minta';

/**
 * One word as shoppers type it -> the word it stands for (may be several words). Slang, chat
 * abbreviations, Betawi/Javanese everyday forms and common typos.
 */
export const WORD_FORMS: Readonly<Record<string, string>> = {
  // question words and particles
  bgmn: 'bagaimana', gmana: 'bagaimana', gimn: 'bagaimana', brp: 'berapa', brapa: 'berapa', berpa: 'berapa',
  dmn: 'dimana', dmana: 'dimana', dimn: 'dimana', knp: 'kenapa', napa: 'kenapa', kpn: 'kapan', kapn: 'kapan',
  gk: 'tidak', ngga: 'tidak', engga: 'tidak', ndak: 'tidak', kagak: 'tidak', gak: 'tidak', tak: 'tidak',
  udh: 'sudah', sdh: 'sudah', dah: 'sudah', blm: 'belum', blom: 'belum', belom: 'belum',
  bs: 'bisa', bsa: 'bisa', yg: 'yang', utk: 'untuk', untk: 'untuk', buat: 'untuk', bwt: 'untuk',
  dgn: 'dengan', dg: 'dengan', dlm: 'dalam', dr: 'dari', krn: 'karena', krna: 'karena', klo: 'kalau', kl: 'kalau',
  tp: 'tapi', tpi: 'tapi', jg: 'juga', sm: 'sama', ama: 'sama', ato: 'atau', atw: 'atau', jd: 'jadi', jdi: 'jadi',
  lg: 'lagi', msh: 'masih', masi: 'masih', emg: 'memang', emang: 'memang', sy: 'saya', aq: 'aku', gw: 'saya', gue: 'saya',
  gua: 'saya', mksd: 'maksud', mkasih: 'terima kasih', kyk: 'seperti', kayak: 'seperti', kek: 'seperti',
  // time
  skrg: 'sekarang', skr: 'sekarang', skarang: 'sekarang', bsk: 'besok', hr: 'hari', tgl: 'tanggal', mnt: 'menit',
  sblm: 'sebelum', stlh: 'setelah', stelah: 'setelah', abis: 'habis',
  // everyday verbs (Betawi -in, ny-/ng- forms)
  pake: 'pakai', pk: 'pakai', pesen: 'pesan', pesenan: 'pesanan', simpen: 'simpan', nyimpen: 'menyimpan',
  nyimpan: 'menyimpan', disimpen: 'disimpan', nyuci: 'mencuci', nyuciin: 'mencuci', nyampe: 'sampai', nyampai: 'sampai',
  sampe: 'sampai', nyusut: 'menyusut', ngusir: 'mengusir', ngirim: 'mengirim', kirimin: 'kirim', dikirimin: 'dikirim',
  bersihin: 'bersihkan', ngebersihin: 'membersihkan', dibersihin: 'dibersihkan', balikin: 'kembalikan',
  dibalikin: 'dikembalikan', nuker: 'tukar', tuker: 'tukar', dituker: 'ditukar', beliin: 'belikan', bayarin: 'bayar',
  ngambil: 'ambil', ambilin: 'ambil', nanya: 'tanya', nyari: 'cari', dateng: 'datang', dtg: 'datang', dapet: 'dapat',
  dpt: 'dapat', cepet: 'cepat', bener: 'benar', gede: 'besar', dikit: 'sedikit', bgt: 'sekali', banget: 'sekali',
  nyemil: 'ngemil', daptar: 'daftar', refun: 'refund', nukerin: 'menukar', tukerin: 'tukar', ditukerin: 'ditukar',
  upload: 'unggah', diupload: 'diunggah', uplod: 'unggah', diuplod: 'diunggah', return: 'retur', returan: 'retur',
  // things
  rek: 'rekening', no: 'nomor', nomer: 'nomor', nmr: 'nomor', telp: 'telepon', tlp: 'telepon', telpon: 'telepon',
  wa: 'whatsapp', watsap: 'whatsapp', whatsap: 'whatsapp', wasap: 'whatsapp', hrg: 'harga', brg: 'barang',
  kunir: 'kunyit', asem: 'asam', tf: 'transfer', trf: 'transfer',
  byr: 'bayar', pembyrn: 'pembayaran', krm: 'kirim', pngiriman: 'pengiriman', pengirman: 'pengiriman',
};

/**
 * Words merged into one (the first of each group) wherever text is read, by retrieval and by the
 * price guard alike: true synonyms and regional words for the same thing.
 */
export const SAME_MEANING: readonly (readonly string[])[] = [
  ['simpan', 'awet', 'tahan', 'penyimpanan'],
  ['kirim', 'pengiriman', 'ongkir', 'kurir', 'antar'],
  ['bayar', 'pembayaran', 'qris', 'rekening'],
  ['oleh', 'suvenir', 'souvenir', 'khas', 'hadiah', 'hampers'],
  ['luar', 'nasional', 'indonesia', 'provinsi'],
  ['ambil', 'pickup', 'galeri', 'jemput'],
  ['cuci', 'rawat', 'perawatan', 'bersih', 'bersihkan'],
  ['bahan', 'terbuat', 'komposisi', 'isi', 'kandungan'],
  ['ukuran', 'size', 'lingkar', 'panjang', 'lebar'],
  ['tukar', 'retur', 'pengembalian', 'kembali', 'rusak', 'refund'],
  ['mitra', 'daftar', 'bergabung', 'gabung', 'jualan'],
  ['pedas', 'pedes', 'cabai', 'cabe', 'balado'],
  ['camilan', 'cemilan', 'snack', 'ngemil', 'makanan'],
  ['minuman', 'minum', 'seduh'],
  ['kristal', 'mengkristal', 'beku', 'membeku'],
  ['halal', 'sertifikat', 'mui', 'bpjph'],
  ['jam', 'pukul', 'operasional'],
];

/**
 * Topics and the words and phrases that point at them. A text containing any of them is about
 * the topic; a question and an entry about the same topic meet at a lower weight than a shared
 * word (retrieval.ts EXPANSION_WEIGHT).
 */
export const RELATED: Readonly<Record<string, readonly string[]>> = {
  retur: [
    'retur', 'refund', 'pengembalian', 'dikembalikan', 'kembalikan', 'uang kembali', 'pengembalian dana', 'tukar',
    'penukaran', 'tukar barang', 'ganti', 'ganti barang', 'ganti baru', 'komplain', 'keluhan', 'garansi', 'klaim',
    'rusak', 'pecah', 'cacat', 'penyok', 'bocor', 'salah kirim', 'barang salah', 'tidak sesuai', 'unboxing',
    'pengembalian uang', 'uang dikembalikan', 'warna beda', 'beda warna', 'barang beda', 'tidak sama',
  ],
  kirim: [
    'kirim', 'pengiriman', 'ongkir', 'ongkos kirim', 'biaya kirim', 'tarif kirim', 'antar', 'ekspedisi',
    'kurir', 'paket', 'resi', 'jne', 'jnt', 'j t', 'sicepat', 'anteraja', 'pos indonesia', 'ninja xpress',
    'lion parcel', 'gosend', 'grabexpress', 'kargo', 'cargo', 'kapan sampai', 'berapa lama sampai', 'sampai hari ini',
    'sampai besok', 'sampai rumah', 'sampai tujuan', 'lama pengiriman', 'estimasi pengiriman',
  ],
  'kirim-luar': [
    'luar kota', 'luar provinsi', 'luar pulau', 'luar daerah', 'antar kota', 'antarkota', 'antar provinsi',
    'antar pulau', 'beda kota', 'beda pulau', 'seluruh indonesia', 'kurir nasional', 'nasional', 'provinsi', 'pulau',
  ],
  'kirim-lokal': [
    'same day', 'sameday', 'hari yang sama', 'hari ini', 'hari itu juga', 'instan', 'instant', 'kurir lokal',
    'dalam kota', 'sekota', 'satu kota', 'cepat sampai',
  ],
  bayar: [
    'bayar', 'pembayaran', 'transfer', 'rekening', 'qris', 'cod', 'bayar di tempat', 'virtual account', 'va',
    'e wallet', 'ewallet', 'dompet digital', 'gopay', 'ovo', 'dana', 'shopeepay', 'linkaja', 'debit', 'kartu debit',
    'kartu kredit', 'kredit', 'tunai', 'cash', 'bank', 'bca', 'bri', 'bni', 'mandiri', 'cicilan', 'paylater',
    'konfirmasi pembayaran', 'bukti transfer', 'dikonfirmasi',
  ],
  mitra: [
    'mitra', 'kemitraan', 'usaha', 'pelaku usaha', 'jualan', 'berjualan', 'jual di sini', 'jualan di sini',
    'penjual', 'seller', 'supplier', 'pemasok', 'titip jual', 'titip jualan', 'titip produk', 'bergabung', 'gabung',
    'daftar', 'daftar toko', 'buka toko', 'buka lapak', 'kerja sama', 'kerjasama', 'kurasi', 'nib',
  ],
  murah: [
    'murah', 'murmer', 'diskon', 'promo', 'potongan', 'potongan harga', 'hemat', 'sale', 'obral', 'terjangkau',
    'harga miring', 'voucher',
  ],
  ambil: [
    'ambil sendiri', 'ambil langsung', 'ambil di toko', 'diambil', 'pickup', 'pick up', 'jemput', 'galeri',
    'toko offline', 'datang langsung', 'datang ke toko', 'alamat toko', 'lokasi toko', 'titik ambil', 'showroom',
    'outlet',
  ],
  jadwal: [
    'jam buka', 'buka jam', 'jam operasional', 'operasional', 'tutup', 'libur', 'hari kerja', 'senin', 'selasa',
    'rabu', 'kamis', 'jumat', 'sabtu', 'minggu', 'tanggal merah',
  ],
  kontak: [
    'kontak', 'hubungi', 'telepon', 'nomor', 'whatsapp', 'hp', 'cs', 'customer service', 'layanan pelanggan',
    'email', 'surel', 'call center', 'chat admin',
  ],
  halal: ['halal', 'sertifikat halal', 'label halal', 'mui', 'bpjph', 'haram', 'babi', 'lemak hewani', 'alkohol'],
  ukuran: [
    'ukuran', 'size', 'size chart', 'lingkar', 'lingkar dada', 'panjang', 'lebar', 'cm', 'muat', 'kekecilan',
    'kebesaran', 'susut', 'menyusut',
  ],
  simpan: [
    'simpan', 'penyimpanan', 'awet', 'tahan', 'tahan lama', 'kedaluwarsa', 'kadaluarsa', 'expired', 'basi', 'kulkas',
    'lemari es', 'freezer', 'melempem', 'kedap udara', 'toples',
  ],
  rawat: [
    'rawat', 'perawatan', 'cuci', 'mencuci', 'mesin cuci', 'bersih', 'membersihkan', 'setrika', 'luntur', 'jemur',
    'noda', 'berjamur',
  ],
  oleh: ['oleh oleh', 'oleh2', 'suvenir', 'souvenir', 'cendera mata', 'kado', 'hadiah', 'hampers', 'parsel', 'buah tangan'],
  wangi: ['wangi', 'harum', 'aroma', 'aromaterapi', 'pengharum', 'pewangi'],
  camilan: ['camilan', 'cemilan', 'snack', 'jajanan', 'keripik', 'kerupuk'],
};

/** The topic a place name in a question points at: shipping out of the store's city. */
export const PLACE_TOPIC = 'kirim-luar';

/** Words official names start with that shoppers leave out ('Kota Medan' -> 'medan'). */
export const PLACE_NAME_PREFIXES = ['kabupaten administrasi', 'kota administrasi', 'kabupaten', 'kota', 'dki', 'daerah istimewa'];

/** A name ending in one of these is also said without it ('Jakarta Selatan' -> 'jakarta'). */
export const PLACE_DIRECTIONS = ['barat daya', 'utara', 'selatan', 'barat', 'timur', 'tengah', 'tenggara'];

/** Names shoppers use that the official area data does not hold. */
export const PLACE_ALIASES = [
  'jogja', 'jogjakarta', 'yogya', 'solo', 'jabodetabek', 'jabotabek', 'jaksel', 'jakbar', 'jaktim', 'jakut', 'jakpus',
  'sumatra', 'madura', 'borneo', 'flores', 'jatim', 'jateng', 'jabar', 'sumut', 'sumbar', 'sumsel', 'sulsel', 'sulut',
  'kalbar', 'kaltim', 'kalsel', 'kalteng', 'ntt', 'ntb', 'diy', 'kepri', 'babel', 'makasar', 'luar jawa',
];

/**
 * Official names that are also everyday words: a place only after one of PLACE_CONTEXT ('kirim ke
 * batu', not 'batu akik').
 */
export const AMBIGUOUS_PLACES = [
  'batu', 'buru', 'pati', 'palu', 'batang', 'malang', 'serang', 'tegal', 'banjar', 'lebak', 'landak', 'metro',
  'puncak', 'kudus', 'bone', 'muna', 'agam', 'sorong', 'karo', 'belu', 'ende', 'alor', 'kaur', 'sigi', 'tapin',
  'asahan', 'kapuas', 'paser', 'berau', 'lahat', 'tual', 'bima', 'solok', 'padang', 'sampang', 'mamasa',
];

/** Words after which an ambiguous name is a place. */
export const PLACE_CONTEXT = ['ke', 'di', 'dari', 'kota', 'kab', 'kabupaten', 'daerah', 'wilayah', 'area', 'sampai', 'tujuan', 'alamat'];
