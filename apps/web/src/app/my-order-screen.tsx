/** Route module of /pesanan/{id} (app/order-screens.tsx). */
export { MyOrderScreen as default } from './order-screens';
