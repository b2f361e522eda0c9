/**
 * The contract of the server-rendered storefront (docs/decisions/026-server-rendered-storefront.md),
 * types only: the web app's route loaders read the shop through a StorefrontSource (HTTP in the
 * browser, the API's services called directly on the server), and the API renders a page through
 * the web app's server bundle, whose `render` has the StorefrontRenderer shape.
 */
import type { PublicStoreSettings } from '../settings/index';
import type { Category, Product, ProductPage } from './product';

/** One page of the catalogue as the catalogue screen asks for it. */
export interface ProductPageQuery {
  q?: string | undefined;
  categoryId?: number | undefined;
  /** Only products of businesses whose Halal mark the office verified (issue 29). */
  halal?: boolean | undefined;
  page: number;
  pageSize: number;
}

/**
 * What the storefront's first screens read, answered exactly as the public API answers it. The
 * signal (the browser's AbortSignal: core knows no DOM) lets the browser drop a request nobody
 * waits for; the server's source ignores it.
 */
export interface StorefrontSource<Signal = unknown> {
  categories(signal?: Signal): Promise<Category[]>;
  productPage(query: ProductPageQuery, signal?: Signal): Promise<ProductPage>;
  /** The active product, or null when there is none with this id (the page shows "not found"). */
  product(id: number, signal?: Signal): Promise<Product | null>;
  /** Up to `limit` random active products of a category (the landing page's shelves). */
  shelf(categoryId: number, limit: number, signal?: Signal): Promise<Product[]>;
  storeSettings(signal?: Signal): Promise<PublicStoreSettings>;
}

export type StorefrontRenderResult =
  /** The page is drawn in the browser: the plain shell (back office, cart, a failed loader). */
  | { kind: 'shell'; error?: unknown; title?: string }
  | {
      kind: 'page';
      /** 200, or 404 for a product that does not exist. */
      status: number;
      /** The page's own <title> (issue 31 item 12); none when the page writes its own head (a product). */
      title?: string;
      /** The app's markup, for inside the shell's root element. */
      html: string;
      /**
       * After the root element: the router's and the queries' state as JSON in a non-executed
       * `<script type="application/json">` block (no inline script for the CSP to refuse), escaped.
       */
      stateScript: string;
    }
  /** The address is not this page's: the browser is sent to `location` (a path with its query). */
  | { kind: 'redirect'; status: 302 | 303; location: string };

/** The `render` the web app's server bundle exports. */
export type StorefrontRenderer = (url: string, source: StorefrontSource) => Promise<StorefrontRenderResult>;
