/**
 * What other features use of stock (decision 075): the one place stock moves is stock.repository,
 * and a feature reaches it only through here. `stockStatement`, `shortLinesSql` and `firstShortLine`
 * are the stock-taking part a checkout's single writing statement embeds (issue 15: one round trip
 * for the order, its lines and its stock); only the stock feature writes that SQL. `checkStock` is
 * the checkout's stock rule, run on the stock its context statement read.
 */
import { AppError } from '@pasar/core/errors';
import { firstShortage, type PricedLine, type SellableProduct } from '@pasar/core/pricing';
import { InsufficientStock } from './stock.repository';

export {
  firstShortLine,
  InsufficientStock,
  returnLineStock,
  returnOrderStock,
  shortLinesSql,
  stockLinesOfOrder,
  stockStatement,
  takeStock,
  type ShortRow,
  type StockLine,
} from './stock.repository';

export const stockMessages = {
  outOfStock: (name: string, left: number) => (left > 0 ? `Stok ${name} tidak mencukupi. Tersisa ${left}.` : `Stok ${name} habis.`),
};

/**
 * A checkout step: the first line whose product or size has fewer units than the cart asks (lines
 * of one product added up) refuses the order with what is left, before shipping is quoted.
 */
export function checkStock(products: ReadonlyMap<number, SellableProduct>, lines: readonly PricedLine[]): void {
  const shortage = firstShortage(products, lines);
  if (shortage) throw new AppError('OUT_OF_STOCK', stockMessages.outOfStock(shortage.name, shortage.available));
}

/**
 * The answer to a sale whose stock ran out between its check and its write: the line's product is
 * gone (the writing statement does not say how many are left). Anything else is given back.
 */
export function soldOutError(error: unknown): unknown {
  return error instanceof InsufficientStock ? new AppError('OUT_OF_STOCK', stockMessages.outOfStock(error.line.name, 0)) : error;
}
