/**
 * The demo catalogue of Kota Bandung's UMKM. Products are compact rows expanded by
 * seed-demo.ts; together they exercise every storefront rule: variants (up to 3),
 * option groups, discounts, out of stock (plain and all variants), inactive products,
 * missing size/notes ('Tidak tersedia'), products without images, AI descriptions.
 */

export const demoCategories = [
  { key: 'makanan', name: 'Makanan & Camilan', description: 'Camilan, kue dan oleh-oleh khas Bandung buatan UMKM.', color: '#b45309' },
  { key: 'minuman', name: 'Minuman', description: 'Kopi, teh dan minuman herbal dari kebun Jawa Barat.', color: '#7c2d12' },
  { key: 'kerajinan', name: 'Kerajinan Tangan', description: 'Anyaman, rajutan, kayu dan bambu karya perajin lokal.', color: '#15803d' },
  { key: 'fesyen', name: 'Fesyen & Batik', description: 'Batik, tenun, kaos dan aksesori karya desainer Bandung.', color: '#1d4ed8' },
  { key: 'kecantikan', name: 'Kecantikan & Perawatan', description: 'Sabun, minyak dan perawatan alami berbahan lokal.', color: '#be185d' },
  { key: 'herbal', name: 'Pertanian & Herbal', description: 'Madu, rempah, jamu dan hasil tani organik.', color: '#4d7c0f' },
  { key: 'dekorasi', name: 'Dekorasi Rumah', description: 'Hiasan, lilin aromaterapi dan perabot kecil buatan tangan.', color: '#6d28d9' },
] as const;

export type CategoryKey = (typeof demoCategories)[number]['key'];

/** District ids are idn-area-data codes without dots (Kota Bandung = 3273). */
export const demoBusinesses = [
  { key: 'imas', name: 'Dapur Bu Imas', district_id: 327319, district_name: 'Sumur Bandung', description: 'Camilan rumahan dari resep keluarga sejak 1998.', address: 'Jl. Braga No. 41', contact_name: 'Imas Rohimah', contact_email: 'dapurbuimas@contoh.id', contact_phone: '0812-2233-4401', website: '' },
  { key: 'preanger', name: 'Kopi Preanger Lestari', district_id: 327319, district_name: 'Sumur Bandung', description: 'Kopi arabika dari petani Gunung Puntang dan Malabar.', address: 'Jl. Naripan No. 12', contact_name: 'Dadan Supriatna', contact_email: 'halo@kopipreanger.id', contact_phone: '0813-2100-7788', website: 'kopipreanger.id' },
  { key: 'cigadung', name: 'Sanggar Batik Cigadung', district_id: 327314, district_name: 'Cibeunying Kidul', description: 'Batik tulis dan cap khas Bandung dengan pewarna alam.', address: 'Jl. Cigadung Raya Timur No. 5', contact_name: 'Rina Kartika', contact_email: 'sanggar@batikcigadung.id', contact_phone: '0822-1800-3344', website: 'www.batikcigadung.id' },
  { key: 'anyam', name: 'Anyaman Pandan Ciwastra', district_id: 327322, district_name: 'Buahbatu', description: 'Tas dan wadah anyaman pandan dari ibu-ibu Ciwastra.', address: 'Jl. Ciwastra No. 88', contact_name: 'Euis Sumarni', contact_email: 'anyaman.ciwastra@contoh.id', contact_phone: '0857-2211-9090', website: '' },
  { key: 'sereh', name: 'Sabun Sereh Wangi', district_id: 327302, district_name: 'Coblong', description: 'Sabun dan minyak atsiri dari sereh wangi organik.', address: 'Jl. Dago No. 150', contact_name: 'Nadia Putri', contact_email: 'nadia@sabunsereh.id', contact_phone: '0811-2020-5511', website: 'sabunsereh.id' },
  { key: 'madu', name: 'Madu Hutan Sunda', district_id: 327302, district_name: 'Coblong', description: 'Madu hutan dan propolis dari peternak lebah Jawa Barat.', address: 'Jl. Tubagus Ismail No. 7', contact_name: 'Asep Gunawan', contact_email: 'madusunda@contoh.id', contact_phone: '0812-9090-1122', website: '' },
  { key: 'rajut', name: 'Rajut Binong Jati', district_id: 327312, district_name: 'Batununggal', description: 'Sentra rajut Binong Jati: sweater, syal dan topi.', address: 'Jl. Binong Jati No. 21', contact_name: 'Ujang Saepudin', contact_email: 'rajut.binong@contoh.id', contact_phone: '0821-4455-6677', website: 'rajutbinong.id' },
  { key: 'bambu', name: 'Bambu Kreasi Ujungberung', district_id: 327326, district_name: 'Ujungberung', description: 'Perabot dan hiasan bambu yang dirawat anti rayap.', address: 'Jl. AH Nasution No. 300', contact_name: 'Yayat Hidayat', contact_email: 'bambukreasi@contoh.id', contact_phone: '0878-2233-1212', website: '' },
  { key: 'kaos', name: 'Kaos Sablon Cihampelas', district_id: 327319, district_name: 'Sumur Bandung', description: 'Kaos sablon tangan bertema Bandung, bahan katun combed.', address: 'Jl. Cihampelas No. 99', contact_name: 'Rizky Maulana', contact_email: 'kaos.cihampelas@contoh.id', contact_phone: '0896-1010-2020', website: 'kaoscihampelas.id' },
  { key: 'jamu', name: 'Jamu Gendong Mbok Sari', district_id: 327311, district_name: 'Regol', description: 'Jamu tradisional segar dan serbuk tanpa pengawet.', address: 'Jl. Moch. Toha No. 17', contact_name: 'Sari Wulandari', contact_email: 'jamumboksari@contoh.id', contact_phone: '0813-7788-9900', website: '' },
  { key: 'lilin', name: 'Lilin Aroma Dago', district_id: 327302, district_name: 'Coblong', description: 'Lilin aromaterapi dari lilin kedelai dan minyak atsiri lokal.', address: 'Jl. Dago Atas No. 3', contact_name: 'Tiara Anjani', contact_email: 'tiara@lilinaroma.id', contact_phone: '0815-6655-4433', website: 'lilinaroma.id' },
  { key: 'tani', name: 'Tani Organik Lembang', district_id: 327308, district_name: 'Cidadap', description: 'Sayur, rempah kering dan beras organik dari kelompok tani.', address: 'Jl. Setiabudi No. 220', contact_name: 'Hendra Wijaya', contact_email: 'taniorganik@contoh.id', contact_phone: '0852-1122-3344', website: '' },
  { key: 'kue', name: 'Kue Balok Kiaracondong', district_id: 327316, district_name: 'Kiaracondong', description: 'Kue balok dan bolu susu khas Bandung.', address: 'Jl. Kiaracondong No. 45', contact_name: 'Neneng Hasanah', contact_email: 'kuebalok@contoh.id', contact_phone: '0838-2299-1100', website: '', is_active: false },
  { key: 'kayu', name: 'Ukir Kayu Arcamanik', district_id: 327324, district_name: 'Arcamanik', description: 'Ukiran kayu jati belanda untuk dekorasi dinding.', address: 'Jl. Arcamanik Endah No. 8', contact_name: 'Dedi Mulyadi', contact_email: '', contact_phone: '0819-3322-1100', website: '', is_active: false },
] as const;

export type BusinessKey = (typeof demoBusinesses)[number]['key'];

interface Variant {
  label: string;
  price: number;
  stock: number;
}

export interface DemoProduct {
  name: string;
  category: CategoryKey;
  business: BusinessKey;
  price: number;
  stock: number;
  description: string;
  discount?: number;
  size?: string | null;
  notes?: string | null;
  weight?: number;
  variants?: Variant[];
  options?: { name: string; values: string[] }[];
  inactive?: boolean;
  /** How many pictures to draw (0 = none, to show 'Gambar belum tersedia'). */
  images?: number;
  ai?: string;
}

const levelPedas = { name: 'Level pedas', values: ['Original', 'Pedas', 'Extra pedas'] };

export const demoProducts: DemoProduct[] = [
  // Makanan & Camilan
  { name: 'Keripik Tempe Original', category: 'makanan', business: 'imas', price: 15000, stock: 48, size: '150 g', notes: 'Tanpa MSG, halal', description: 'Keripik tempe tipis dan renyah dari kedelai lokal, digoreng dengan minyak kelapa. Oleh-oleh khas Bandung yang halal.', variants: [{ label: '150 g', price: 15000, stock: 30 }, { label: '300 g', price: 27000, stock: 12 }, { label: '500 g', price: 42000, stock: 6 }], options: [levelPedas], images: 2, ai: 'Keripik tempe renyah berbahan kedelai lokal dan tepung beras, bumbu bawang putih dan ketumbar. Halal, tanpa MSG. Simpan di wadah tertutup, tahan 2 bulan.' },
  { name: 'Keripik Singkong Balado', category: 'makanan', business: 'imas', price: 12000, stock: 35, size: '200 g', description: 'Singkong Cireundeu diiris tipis dengan bumbu balado manis pedas. Cocok untuk camilan dan oleh-oleh.', options: [levelPedas], discount: 10 },
  { name: 'Basreng Pedas Daun Jeruk', category: 'makanan', business: 'imas', price: 18000, stock: 0, size: '250 g', description: 'Bakso goreng iris dengan cabai dan daun jeruk. Pedas, gurih, bikin nagih.', options: [levelPedas] },
  { name: 'Dodol Garut Aneka Rasa', category: 'makanan', business: 'imas', price: 25000, stock: 22, size: '500 g', notes: null, description: 'Dodol legit dari beras ketan, gula aren dan santan. Rasa original, durian dan wijen. Oleh-oleh khas Jawa Barat.', options: [{ name: 'Rasa', values: ['Original', 'Durian', 'Wijen'] }] },
  { name: 'Peuyeum Bandung', category: 'makanan', business: 'imas', price: 20000, stock: 9, size: '1 ikat (1 kg)', description: 'Tape singkong khas Bandung, manis dan lembut. Simpan di suhu ruang, habiskan dalam 3 hari.', notes: 'Produk segar, tahan 3 hari' },
  { name: 'Bolu Susu Lembang', category: 'makanan', business: 'imas', price: 45000, stock: 14, size: '1 kotak', description: 'Bolu susu lembut dengan susu sapi segar Lembang. Varian keju, cokelat dan pandan.', options: [{ name: 'Rasa', values: ['Keju', 'Cokelat', 'Pandan'] }], discount: 12.5, images: 2 },
  { name: 'Kerupuk Kulit Sapi', category: 'makanan', business: 'imas', price: 30000, stock: 16, size: '250 g', description: 'Kerupuk kulit (dorokdok) yang mengembang renyah. Halal dan tanpa pengawet.' },
  { name: 'Sambal Roa Botol', category: 'makanan', business: 'imas', price: 35000, stock: 3, size: '200 ml', description: 'Sambal ikan roa asap dengan cabai rawit. Simpan di lemari es setelah dibuka.', options: [levelPedas], notes: 'Simpan di lemari es setelah dibuka' },
  { name: 'Cireng Bumbu Rujak Beku', category: 'makanan', business: 'imas', price: 22000, stock: 18, size: '10 pcs', description: 'Cireng beku siap goreng dengan bumbu rujak. Simpan di freezer hingga 1 bulan.', images: 0 },
  { name: 'Kue Balok Cokelat Lumer', category: 'makanan', business: 'kue', price: 28000, stock: 10, size: '6 pcs', description: 'Kue balok khas Bandung dengan isi cokelat lumer.', inactive: true },
  { name: 'Kacang Sangrai Bawang', category: 'makanan', business: 'imas', price: 16000, stock: 27, size: '250 g', description: 'Kacang tanah sangrai dengan bawang putih goreng. Gurih dan renyah.', discount: 5 },
  { name: 'Opak Ketan Bakar', category: 'makanan', business: 'imas', price: 14000, stock: 40, description: 'Opak ketan dibakar di atas bara, renyah dan harum. Camilan tradisional Sunda.', size: null },
  // Minuman
  { name: 'Kopi Arabika Java Preanger', category: 'minuman', business: 'preanger', price: 65000, stock: 30, description: 'Kopi arabika specialty dari Gunung Puntang, sangrai medium. Catatan rasa jeruk, gula aren dan cokelat.', variants: [{ label: '200 g', price: 65000, stock: 14 }, { label: '500 g', price: 150000, stock: 10 }, { label: '1 kg', price: 285000, stock: 6 }], options: [{ name: 'Gilingan', values: ['Biji utuh', 'Bubuk halus', 'Bubuk kasar'] }], images: 3, ai: 'Arabika Java Preanger dari ketinggian 1.300 mdpl, proses full wash, sangrai medium. Simpan di wadah kedap udara, jauh dari sinar matahari; terbaik dinikmati dalam 3 bulan.' },
  { name: 'Kopi Robusta Malabar', category: 'minuman', business: 'preanger', price: 45000, stock: 25, description: 'Robusta Malabar dengan body tebal dan rasa cokelat pahit. Cocok untuk kopi susu.', variants: [{ label: '250 g', price: 45000, stock: 15 }, { label: '500 g', price: 85000, stock: 10 }], options: [{ name: 'Gilingan', values: ['Biji utuh', 'Bubuk halus'] }], discount: 10 },
  { name: 'Teh Hijau Walini', category: 'minuman', business: 'preanger', price: 30000, stock: 20, size: '100 g', description: 'Teh hijau daun utuh dari perkebunan Ciwidey. Seduh dengan air 80°C selama 3 menit.' },
  { name: 'Kopi Luwak Liar Gunung Halu', category: 'minuman', business: 'preanger', price: 250000, stock: 0, size: '100 g', description: 'Kopi luwak liar yang dikumpulkan petani Gunung Halu, bukan dari luwak kandang.', variants: [{ label: '100 g', price: 250000, stock: 0 }, { label: '250 g', price: 575000, stock: 0 }] },
  { name: 'Bandrek Instan Jahe Merah', category: 'minuman', business: 'jamu', price: 25000, stock: 33, size: '10 sachet', description: 'Minuman hangat jahe merah, gula aren, kayu manis dan cengkih. Halal.' },
  { name: 'Sirup Markisa Asli', category: 'minuman', business: 'tani', price: 38000, stock: 12, size: '620 ml', description: 'Sirup dari buah markisa segar tanpa pewarna. Simpan di lemari es setelah dibuka.' },
  { name: 'Cold Brew Kopi Susu Aren', category: 'minuman', business: 'preanger', price: 28000, stock: 7, size: '250 ml', description: 'Kopi susu gula aren siap minum. Produk segar, simpan di lemari es maksimal 5 hari.', notes: 'Kirim lokal saja (produk dingin)' },
  { name: 'Wedang Uwuh Serbuk', category: 'minuman', business: 'jamu', price: 20000, stock: 0, size: '5 sachet', description: 'Serbuk rempah secang, jahe dan cengkih. Hangat untuk musim hujan.' },
  // Kerajinan Tangan
  { name: 'Tas Anyaman Pandan', category: 'kerajinan', business: 'anyam', price: 125000, stock: 11, description: 'Tas jinjing anyaman pandan berlapis kain katun. Kuat, ringan dan ramah lingkungan.', variants: [{ label: 'Kecil', price: 95000, stock: 5 }, { label: 'Sedang', price: 125000, stock: 4 }, { label: 'Besar', price: 165000, stock: 2 }], options: [{ name: 'Warna tali', values: ['Natural', 'Hitam', 'Merah marun'] }], images: 2, ai: 'Tas anyaman dari daun pandan duri yang dijemur dan diwarnai alami. Hindari air berlebih; bila basah, angin-anginkan tanpa dijemur langsung.' },
  { name: 'Keranjang Anyaman Serbaguna', category: 'kerajinan', business: 'anyam', price: 75000, stock: 8, size: '30 x 20 cm', description: 'Keranjang pandan untuk wadah buah, roti atau perlengkapan rumah.' },
  { name: 'Tatakan Gelas Anyaman (6 pcs)', category: 'kerajinan', business: 'anyam', price: 40000, stock: 25, size: 'Diameter 10 cm', description: 'Set tatakan gelas anyaman pandan isi 6. Cocok untuk hampers.', discount: 15 },
  { name: 'Wayang Golek Mini Cepot', category: 'kerajinan', business: 'bambu', price: 150000, stock: 4, size: 'Tinggi 30 cm', description: 'Wayang golek tokoh Cepot dari kayu albasia, dilukis tangan. Oleh-oleh khas Sunda.', images: 2 },
  { name: 'Angklung Mini Souvenir', category: 'kerajinan', business: 'bambu', price: 35000, stock: 50, size: '3 tabung', description: 'Angklung mini dari bambu hitam yang bisa dimainkan. Oleh-oleh khas Jawa Barat.' },
  { name: 'Lampu Hias Bambu', category: 'kerajinan', business: 'bambu', price: 185000, stock: 0, size: 'Tinggi 40 cm', description: 'Lampu tidur dari anyaman bambu dengan cahaya hangat. Fitting E27.' },
  { name: 'Gantungan Kunci Angklung', category: 'kerajinan', business: 'bambu', price: 10000, stock: 120, size: null, notes: null, description: 'Gantungan kunci angklung bambu, cocok untuk suvenir acara.', images: 0 },
  { name: 'Miniatur Gedung Sate', category: 'kerajinan', business: 'kayu', price: 175000, stock: 3, description: 'Miniatur Gedung Sate dari kayu, detail ukir tangan.', inactive: true },
  { name: 'Syal Rajut Motif Sunda', category: 'kerajinan', business: 'rajut', price: 85000, stock: 15, size: '180 x 25 cm', description: 'Syal rajut benang akrilik lembut dengan motif kujang.', options: [{ name: 'Warna', values: ['Hijau', 'Abu', 'Krem'] }] },
  // Fesyen & Batik
  { name: 'Batik Tulis Mega Mendung', category: 'fesyen', business: 'cigadung', price: 450000, stock: 5, size: '2 x 1,15 m', description: 'Kain batik tulis motif mega mendung dengan pewarna alam indigo. Dikerjakan 3 minggu.', notes: 'Cuci tangan dengan lerak, jangan diperas', images: 3, ai: 'Batik tulis katun primisima, pewarna alam indigo. Cuci dengan sabun lerak, jangan dikucek atau diperas, jemur di tempat teduh agar warna awet.' },
  { name: 'Batik Cap Kujang Kemeja Pria', category: 'fesyen', business: 'cigadung', price: 225000, stock: 18, description: 'Kemeja batik cap motif kujang, katun adem, lengan pendek.', variants: [{ label: 'M', price: 225000, stock: 6 }, { label: 'L', price: 225000, stock: 8 }, { label: 'XL', price: 240000, stock: 4 }], discount: 20 },
  { name: 'Selendang Batik Sutra', category: 'fesyen', business: 'cigadung', price: 325000, stock: 6, size: '200 x 50 cm', description: 'Selendang sutra dengan batik tulis motif merak. Cocok untuk kondangan.' },
  { name: 'Masker Kain Batik (3 pcs)', category: 'fesyen', business: 'cigadung', price: 45000, stock: 0, size: 'Dewasa', description: 'Masker kain 3 lapis bermotif batik.' },
  { name: 'Kaos Sablon Bandung Juara', category: 'fesyen', business: 'kaos', price: 95000, stock: 40, description: 'Kaos katun combed 30s dengan sablon tangan bertema Bandung.', variants: [{ label: 'S', price: 95000, stock: 10 }, { label: 'M', price: 95000, stock: 15 }, { label: 'L', price: 95000, stock: 15 }], options: [{ name: 'Warna', values: ['Hitam', 'Putih', 'Hijau army'] }], images: 2 },
  { name: 'Totebag Kanvas Braga', category: 'fesyen', business: 'kaos', price: 65000, stock: 30, size: '38 x 42 cm', description: 'Totebag kanvas tebal dengan ilustrasi Jalan Braga.', discount: 10 },
  { name: 'Sweater Rajut Binong', category: 'fesyen', business: 'rajut', price: 175000, stock: 12, description: 'Sweater rajut hangat, cocok untuk udara Lembang.', variants: [{ label: 'M', price: 175000, stock: 5 }, { label: 'L', price: 175000, stock: 5 }, { label: 'XL', price: 185000, stock: 2 }], options: [{ name: 'Warna', values: ['Navy', 'Maroon', 'Abu'] }] },
  { name: 'Topi Rajut Kupluk', category: 'fesyen', business: 'rajut', price: 45000, stock: 2, size: 'All size', description: 'Kupluk rajut tebal untuk naik gunung.' },
  { name: 'Dompet Tenun Garut', category: 'fesyen', business: 'cigadung', price: 85000, stock: 9, size: '19 x 10 cm', description: 'Dompet panjang dari kain tenun Garut dengan ritsleting YKK.', images: 0 },
  // Kecantikan & Perawatan
  { name: 'Sabun Sereh Wangi Alami', category: 'kecantikan', business: 'sereh', price: 22000, stock: 60, size: '100 g', description: 'Sabun batang cold process dengan minyak sereh wangi dan minyak kelapa. Halal, tanpa deterjen.', options: [{ name: 'Aroma', values: ['Sereh', 'Sereh lavender', 'Sereh kopi'] }], ai: 'Sabun cold process dari minyak kelapa, minyak zaitun dan minyak atsiri sereh wangi. Simpan di tempat kering dan berventilasi agar awet; satu batang untuk sekitar 6 minggu.' },
  { name: 'Minyak Sereh Wangi Aromaterapi', category: 'kecantikan', business: 'sereh', price: 35000, stock: 28, description: 'Minyak atsiri sereh wangi murni untuk aromaterapi dan pengusir nyamuk.', variants: [{ label: '10 ml', price: 35000, stock: 18 }, { label: '30 ml', price: 85000, stock: 10 }] },
  { name: 'Lulur Beras Kencur', category: 'kecantikan', business: 'sereh', price: 40000, stock: 14, size: '200 g', description: 'Lulur tradisional dari beras, kencur dan kunyit.', discount: 25 },
  { name: 'Lip Balm Madu', category: 'kecantikan', business: 'madu', price: 25000, stock: 0, size: '5 g', description: 'Pelembap bibir dari lilin lebah dan madu hutan.' },
  { name: 'Sampo Lidah Buaya', category: 'kecantikan', business: 'sereh', price: 45000, stock: 17, size: '250 ml', description: 'Sampo alami lidah buaya dan urang-aring untuk rambut rontok.' },
  { name: 'Masker Wajah Kopi', category: 'kecantikan', business: 'preanger', price: 30000, stock: 20, size: '50 g', description: 'Masker scrub dari ampas kopi arabika dan madu.', inactive: true },
  // Pertanian & Herbal
  { name: 'Madu Hutan Murni', category: 'herbal', business: 'madu', price: 95000, stock: 24, description: 'Madu hutan murni dari lebah liar Apis dorsata di hutan Jawa Barat. Halal, tanpa campuran gula.', variants: [{ label: '250 g', price: 55000, stock: 10 }, { label: '500 g', price: 95000, stock: 9 }, { label: '1 kg', price: 175000, stock: 5 }], images: 2, ai: 'Madu hutan mentah, tidak dipanaskan. Madu bisa mengkristal pada suhu dingin dan itu tanda madu asli; simpan di suhu ruang dalam wadah kaca tertutup, jangan di lemari es.' },
  { name: 'Propolis Cair', category: 'herbal', business: 'madu', price: 120000, stock: 10, size: '30 ml', description: 'Ekstrak propolis lebah untuk menjaga daya tahan tubuh.', discount: 10 },
  { name: 'Beras Organik Pandan Wangi', category: 'herbal', business: 'tani', price: 85000, stock: 40, description: 'Beras pandan wangi organik bersertifikat dari kelompok tani Lembang.', variants: [{ label: '2 kg', price: 45000, stock: 20 }, { label: '5 kg', price: 85000, stock: 20 }], weight: 5000 },
  { name: 'Jahe Merah Bubuk', category: 'herbal', business: 'jamu', price: 28000, stock: 35, size: '100 g', description: 'Jahe merah organik dikeringkan lalu digiling halus.' },
  { name: 'Jamu Kunyit Asam Botol', category: 'herbal', business: 'jamu', price: 15000, stock: 5, size: '350 ml', description: 'Jamu kunyit asam segar buatan harian. Simpan di lemari es, tahan 4 hari.', notes: 'Kirim lokal saja' },
  { name: 'Rempah Bumbu Rendang Kering', category: 'herbal', business: 'tani', price: 25000, stock: 19, size: '150 g', description: 'Campuran rempah kering untuk rendang: lengkuas, kunyit, ketumbar, jinten.' },
  { name: 'Teh Rosela Kering', category: 'herbal', business: 'tani', price: 30000, stock: 0, size: '50 g', description: 'Kelopak bunga rosela kering untuk teh kaya vitamin C.' },
  { name: 'Bibit Cabai Rawit (Polybag)', category: 'herbal', business: 'tani', price: 12000, stock: 45, size: '1 polybag', description: 'Bibit cabai rawit siap tanam umur 3 minggu.', images: 0 },
  { name: 'Kripik Daun Kelor', category: 'herbal', business: 'tani', price: 18000, stock: 21, size: '100 g', description: 'Kripik daun kelor renyah, camilan sehat kaya zat besi.' },
  // Dekorasi Rumah
  { name: 'Lilin Aromaterapi Kedelai', category: 'dekorasi', business: 'lilin', price: 75000, stock: 16, description: 'Lilin kedelai dalam gelas kaca dengan minyak atsiri lokal, menyala hingga 30 jam.', variants: [{ label: '100 g', price: 75000, stock: 10 }, { label: '200 g', price: 130000, stock: 6 }], options: [{ name: 'Aroma', values: ['Sereh', 'Melati', 'Kopi'] }], discount: 15, images: 2 },
  { name: 'Diffuser Reed Melati', category: 'dekorasi', business: 'lilin', price: 95000, stock: 9, size: '100 ml', description: 'Pengharum ruangan reed diffuser aroma melati.' },
  { name: 'Hiasan Dinding Bambu', category: 'dekorasi', business: 'bambu', price: 135000, stock: 6, size: '60 x 40 cm', description: 'Hiasan dinding bambu motif gunung Tangkuban Parahu.' },
  { name: 'Vas Bunga Anyaman', category: 'dekorasi', business: 'anyam', price: 55000, stock: 13, size: 'Tinggi 25 cm', description: 'Vas bunga kering berbalut anyaman pandan.' },
  { name: 'Taplak Meja Batik', category: 'dekorasi', business: 'cigadung', price: 110000, stock: 7, size: '150 x 90 cm', description: 'Taplak meja batik cap motif kawung.', discount: 10 },
  { name: 'Sarung Bantal Rajut', category: 'dekorasi', business: 'rajut', price: 60000, stock: 0, size: '40 x 40 cm', description: 'Sarung bantal rajut motif geometris.' },
  { name: 'Tempat Tisu Kayu Ukir', category: 'dekorasi', business: 'kayu', price: 70000, stock: 4, size: '25 x 13 cm', description: 'Tempat tisu kayu jati belanda dengan ukiran bunga.' },
  { name: 'Lilin Hias Ulang Tahun', category: 'dekorasi', business: 'lilin', price: 20000, stock: 30, size: '5 pcs', description: 'Lilin hias warna pastel untuk kue ulang tahun.', inactive: true },
  { name: 'Pot Tanaman Tempurung Kelapa', category: 'dekorasi', business: 'bambu', price: 30000, stock: 22, size: 'Diameter 12 cm', description: 'Pot tanaman dari tempurung kelapa yang dipernis, lengkap dengan tali gantung.' },
  { name: 'Kap Lampu Anyaman Rotan', category: 'dekorasi', business: 'anyam', price: 210000, stock: 2, size: 'Diameter 45 cm', description: 'Kap lampu gantung dari anyaman rotan alami.' },
];

export const demoKnowledge: { title: string; description: string; product?: string }[] = [
  { title: 'Cara menyimpan keripik tempe agar tetap renyah', product: 'Keripik Tempe Original', description: 'Setelah dibuka, pindahkan keripik tempe ke toples kedap udara atau klip rapat kemasannya. Simpan di tempat kering dan sejuk, jauh dari sinar matahari. Keripik tahan sampai 2 bulan dalam kemasan tertutup dan 2 minggu setelah dibuka. Jika melempem, panggang 5 menit di oven 120°C.' },
  { title: 'Cara menyimpan madu hutan dan madu yang mengkristal', product: 'Madu Hutan Murni', description: 'Simpan madu di suhu ruang dalam wadah kaca tertutup rapat, jangan di lemari es. Madu asli bisa mengkristal saat udara dingin; itu wajar. Untuk mencairkan, rendam botol di air hangat (maksimal 40°C), jangan dipanaskan langsung agar enzimnya tidak rusak.' },
  { title: 'Cara menyimpan kopi bubuk dan biji kopi', product: 'Kopi Arabika Java Preanger', description: 'Simpan kopi di wadah kedap udara, jauh dari cahaya, panas dan lembap. Jangan simpan di kulkas karena kopi menyerap bau. Biji utuh bertahan segar hingga 3 bulan, kopi bubuk sebaiknya habis dalam 1 bulan setelah dibuka.' },
  { title: 'Perawatan kain batik tulis', product: 'Batik Tulis Mega Mendung', description: 'Cuci batik tulis dengan tangan memakai sabun lerak atau sampo bayi, jangan dikucek keras dan jangan diperas. Jemur di tempat teduh, tidak langsung di bawah matahari. Setrika dari sisi dalam dengan suhu sedang. Jangan gunakan pemutih.' },
  { title: 'Bahan dan kehalalan sabun sereh wangi', product: 'Sabun Sereh Wangi Alami', description: 'Sabun sereh wangi dibuat dengan metode cold process dari minyak kelapa, minyak zaitun, air, soda api (NaOH) yang habis bereaksi, dan minyak atsiri sereh wangi. Tanpa lemak hewani, tanpa deterjen SLS, aman untuk kulit sensitif dan halal.' },
  { title: 'Produk halal di Pasar UMKM', description: 'Semua produk makanan dan minuman mitra Pasar UMKM diproduksi dengan bahan halal dan sebagian besar sudah bersertifikat halal MUI/BPJPH, antara lain keripik tempe, dodol, bolu susu, madu hutan, bandrek dan jamu. Tanyakan nomor sertifikat ke admin bila diperlukan.' },
  { title: 'Pengiriman ke luar kota dan luar provinsi', description: 'Pesanan bisa dikirim ke seluruh Indonesia melalui kurir nasional (JNE, SiCepat, J&T, POS, AnterAja). Ongkos kirim dihitung otomatis dari berat (500 g per barang) dan kecamatan tujuan saat checkout. Produk segar dan dingin seperti cold brew, jamu botol dan peuyeum hanya dikirim lokal di Kota Bandung.' },
  { title: 'Pengiriman lokal di Kota Bandung (same-day)', description: 'Untuk alamat di Kota Bandung tersedia kurir lokal mitra dengan pengiriman di hari yang sama (same-day delivery). Pilih kecamatan tujuan di checkout untuk melihat tarif kurir lokal. Pesanan sebelum pukul 14.00 diantar hari itu juga.' },
  { title: 'Metode pembayaran', description: 'Pembayaran bisa melalui transfer bank manual ke rekening koperasi (dikonfirmasi admin dalam 24 jam) atau pembayaran online: QRIS dan virtual account. Pembayaran online terkonfirmasi otomatis. Di galeri (titik ambil) tersedia pembayaran tunai, QRIS, debit dan transfer.' },
  { title: 'Ambil sendiri di galeri Pasar UMKM', description: 'Pesanan bisa diambil di Galeri Pasar UMKM Kota Bandung, Jl. Wastukencana No. 2, Babakan Ciamis, Sumur Bandung, setiap Senin sampai Sabtu pukul 09.00–17.00. Bawa nomor pesanan Anda.' },
  { title: 'Menjadi mitra UMKM', description: 'UMKM yang berdomisili di Kota Bandung dapat mendaftar menjadi mitra melalui tombol Bergabung, lalu tim Dinas Koperasi dan UMKM akan menghubungi untuk kurasi produk. Syarat: NIB, produk siap jual, dan foto produk.' },
  { title: 'Ukuran kaos dan kemeja batik', product: 'Kaos Sablon Bandung Juara', description: 'Ukuran kaos (lebar x panjang): S 48 x 68 cm, M 50 x 70 cm, L 52 x 72 cm. Kemeja batik M lingkar dada 104 cm, L 110 cm, XL 116 cm. Bahan katun combed 30s tidak menyusut bila dicuci air dingin.' },
  { title: 'Perawatan tas anyaman pandan', product: 'Tas Anyaman Pandan', description: 'Bersihkan tas anyaman dengan kuas kering atau lap lembap. Jika basah, angin-anginkan di tempat teduh dan jangan dijemur langsung agar tidak retak. Simpan dengan isian kertas agar bentuknya terjaga.' },
  { title: 'Pengembalian dan penukaran barang', description: 'Barang yang rusak saat diterima dapat ditukar dalam 2 x 24 jam dengan video unboxing. Hubungi admin melalui telepon 022-4201234 dengan nomor pesanan. Produk makanan yang sudah dibuka tidak dapat dikembalikan.' },
];

export const demoCouriers = [
  { courier_name: 'Kurir Kilat Bandung', type: 'motorcycle', status: 'active', phone_number: '0812-5566-7788', email: 'kilat@kurirbdg.id', address: 'Jl. Merdeka No. 10', vehicle_number: 'D 4521 ABC', license_number: 'SIM C 1234567', city_id: 3273, notes: 'Antar di hari yang sama untuk pesanan sebelum 14.00', prices: [
    { region: 'Kota Bandung', district_id: null, base_price: 15000, price_per_km: 2500, min_price: 12000 },
    { region: 'Sumur Bandung', district_id: 327319, base_price: 8000, price_per_km: 2000, min_price: 10000 },
    { region: 'Coblong', district_id: 327302, base_price: 12000, price_per_km: 2000, min_price: 10000 },
  ] },
  { courier_name: 'Ojek Barang Juara', type: 'motorcycle', status: 'active', phone_number: '0857-1122-3344', email: '', address: 'Jl. Buahbatu No. 200', vehicle_number: 'D 3312 KJ', license_number: '', city_id: 3273, notes: '', prices: [
    { region: 'Kota Bandung', district_id: null, base_price: 14000, price_per_km: 2000, min_price: 16000 },
    { region: 'Buahbatu', district_id: 327322, base_price: 9000, price_per_km: 1500, min_price: 9000 },
  ] },
  { courier_name: 'Mobil Box Sinergi', type: 'car', status: 'active', phone_number: '0813-9988-7766', email: 'sinergi@contoh.id', address: 'Jl. Soekarno-Hatta No. 500', vehicle_number: 'D 1877 XY', license_number: 'SIM A 7654321', city_id: 3273, notes: 'Untuk pesanan besar dan barang pecah belah', prices: [
    { region: 'Kota Bandung', district_id: null, base_price: 45000, price_per_km: 4000, min_price: 40000 },
  ] },
  { courier_name: 'Truk Angkut Gedebage', type: 'truck', status: 'busy', phone_number: '0822-7766-5544', email: '', address: 'Jl. Gedebage Selatan No. 1', vehicle_number: 'D 9001 TR', license_number: 'SIM B1 1122334', city_id: 3273, notes: 'Sedang dipakai pengiriman grosir', prices: [
    { region: 'Kota Bandung', district_id: null, base_price: 150000, price_per_km: 8000, min_price: 150000 },
  ] },
  { courier_name: 'Kurir Sepeda Hijau', type: 'motorcycle', status: 'active', phone_number: '0896-3344-5566', email: 'sepedahijau@contoh.id', address: 'Jl. Cikapayang No. 2', vehicle_number: null, license_number: null, city_id: null, notes: 'Kurir rendah emisi', prices: [
    { region: 'Sumur Bandung', district_id: 327319, base_price: 7000, price_per_km: 1500, min_price: 7000 },
  ] },
  { courier_name: 'Kurir Lama (nonaktif)', type: 'motorcycle', status: 'inactive', phone_number: '0811-0000-1111', email: '', address: '', vehicle_number: 'D 1111 OLD', license_number: '', city_id: 3273, notes: 'Kontrak berakhir', is_active: false, prices: [
    { region: 'Kota Bandung', district_id: null, base_price: 5000, price_per_km: 1000, min_price: 5000 },
  ] },
] as const;

/** National services of the embedded shipping provider, priced per zone from Jawa Barat. */
export const demoShippingServices = [
  { courier_code: 'jne', courier_name: 'Jalur Nugraha Ekakurir (JNE)', service: 'REG', description: 'Layanan Reguler', factor: 1, etd: [2, 3] },
  { courier_code: 'jne', courier_name: 'Jalur Nugraha Ekakurir (JNE)', service: 'YES', description: 'Yakin Esok Sampai', factor: 1.9, etd: [1, 1] },
  { courier_code: 'sicepat', courier_name: 'SiCepat Express', service: 'REG', description: 'Reguler', factor: 0.95, etd: [2, 3] },
  { courier_code: 'sicepat', courier_name: 'SiCepat Express', service: 'BEST', description: 'Besok Sampai Tujuan', factor: 1.7, etd: [1, 1] },
  { courier_code: 'jnt', courier_name: 'J&T Express', service: 'EZ', description: 'Reguler', factor: 1, etd: [2, 4] },
  { courier_code: 'pos', courier_name: 'POS Indonesia', service: 'Pos Kilat Khusus', description: 'Pos Kilat Khusus', factor: 0.85, etd: [3, 5] },
  { courier_code: 'anteraja', courier_name: 'AnterAja', service: 'REG', description: 'Regular', factor: 0.9, etd: [2, 4] },
] as const;

/**
 * Distance zone of each province (idn-area-data code) from Jawa Barat: 0 same province,
 * 1 Java neighbours, 2 rest of Java/Bali/Sumatra south, 3 Sumatra/Kalimantan/NTB, 4 Sulawesi/NTT, 5 Maluku/Papua.
 */
export const provinceZones: Record<number, number> = {
  11: 3, 12: 3, 13: 3, 14: 3, 15: 3, 16: 2, 17: 3, 18: 2, 19: 3, 21: 3,
  31: 1, 32: 0, 33: 1, 34: 2, 35: 2, 36: 1,
  51: 2, 52: 3, 53: 4,
  61: 3, 62: 3, 63: 3, 64: 3, 65: 4,
  71: 4, 72: 4, 73: 4, 74: 4, 75: 4, 76: 4,
  81: 5, 82: 5,
  91: 5, 92: 5, 93: 5, 94: 5, 95: 5, 96: 5,
};

/** First-kilogram and further-kilogram cost per zone for a factor-1 service. */
export const zoneRates = [
  { first: 9000, next: 7000 },
  { first: 11000, next: 9000 },
  { first: 18000, next: 14000 },
  { first: 32000, next: 26000 },
  { first: 45000, next: 38000 },
  { first: 78000, next: 66000 },
] as const;
