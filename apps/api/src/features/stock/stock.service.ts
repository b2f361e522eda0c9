/**
 * What other features use of stock (decision 075): the one place stock moves is stock.repository,
 * and a feature reaches it only through here. `stockStatement`, `shortLinesSql` and `firstShortLine`
 * are the stock-taking part a checkout's single writing statement embeds (issue 15: one round trip
 * for the order, its lines and its stock); only the stock feature writes that SQL.
 */
export {
  firstShortLine,
  InsufficientStock,
  rawQuery,
  returnLineStock,
  returnOrderStock,
  shortLinesSql,
  stockLinesOfOrder,
  stockStatement,
  takeStock,
  type ShortRow,
  type StockLine,
} from './stock.repository';
