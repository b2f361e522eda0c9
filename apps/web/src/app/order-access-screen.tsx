/** Route module of /pesanan/akses/{token} (app/order-screens.tsx). */
export { OrderAccessScreen as default } from './order-screens';
