import { sessionStore } from './auth-session.ts';
import { graphql, payloadOrThrow } from './graphql-client.ts';
import {
  ShopBasketAddDocument,
  ShopBasketDocument,
  ShopBasketSetBranchDocument,
  ShopBranchesDocument,
  type BasketFieldsFragment,
  type BranchFieldsFragment,
} from '../generated/operations.ts';
import { createStore, readStored, writeStored } from './store.ts';

/** Where the shopper wants the order: kept in localStorage, it is a preference, not a credential. */
export interface Fulfilment {
  type: 'PICKUP' | 'DELIVERY';
  scheduleMode: 'REGULAR' | 'EXPRESS';
  /** Delivery coordinates: the shopper's position, or the area of the postcode they gave. */
  location: { lat: number; lon: number; postcode: string | null; approximate: boolean } | null;
}

const BRANCH_KEY = 'shop.branch';
const FULFILMENT_KEY = 'shop.fulfilment';

const isBranch = (v: unknown): v is BranchFieldsFragment =>
  typeof v === 'object' && v !== null && typeof (v as BranchFieldsFragment).branchCode === 'string';
const isFulfilment = (v: unknown): v is Fulfilment =>
  typeof v === 'object' &&
  v !== null &&
  ((v as Fulfilment).type === 'PICKUP' || (v as Fulfilment).type === 'DELIVERY') &&
  ((v as Fulfilment).scheduleMode === 'REGULAR' || (v as Fulfilment).scheduleMode === 'EXPRESS');

export const branchStore = createStore<BranchFieldsFragment | null>(
  readStored(window.localStorage, BRANCH_KEY, isBranch),
);
branchStore.subscribe((branch) => writeStored(window.localStorage, BRANCH_KEY, branch));

export const fulfilmentStore = createStore<Fulfilment>(
  readStored(window.localStorage, FULFILMENT_KEY, isFulfilment) ?? {
    type: 'PICKUP',
    scheduleMode: 'REGULAR',
    location: null,
  },
);
fulfilmentStore.subscribe((fulfilment) => writeStored(window.localStorage, FULFILMENT_KEY, fulfilment));

/** The shopper's server-side basket as last read; null when signed out or before the first line. */
export const basketStore = createStore<BasketFieldsFragment | null>(null);

/** Reads the basket again (after sign-in, or when another tab may have changed it). */
export async function reloadBasket(): Promise<BasketFieldsFragment | null> {
  if (!sessionStore.get()) {
    basketStore.set(null);
    return null;
  }
  const { basket } = await graphql(ShopBasketDocument, {}, { auth: true });
  basketStore.set(basket);
  if (basket && !branchStore.get()) {
    // A shopper back on a new device shops at the basket's branch until they choose another.
    const { branches } = await graphql(ShopBranchesDocument, {});
    branchStore.set(branches.find((b) => b.branchCode === basket.branchCode) ?? null);
  }
  return basket;
}

/** Adds to the basket at the chosen branch (which switches the basket's branch first). */
export async function addToBasket(cprcode: string, quantity: number): Promise<BasketFieldsFragment | null> {
  const branchCode = branchStore.get()?.branchCode ?? null;
  const { basketAdd } = await graphql(
    ShopBasketAddDocument,
    { input: { cprcode, quantity, branchCode } },
    { auth: true },
  );
  const basket = payloadOrThrow(basketAdd).basket;
  basketStore.set(basket);
  return basket;
}

/** Chooses the branch; an existing basket moves with it, so its prices are the new branch's. */
export async function chooseBranch(branch: BranchFieldsFragment): Promise<void> {
  branchStore.set(branch);
  if (!branch.deliveryAvailable) fulfilmentStore.set((f) => ({ ...f, type: 'PICKUP' }));
  const basket = basketStore.get();
  if (sessionStore.get() && basket && basket.branchCode !== branch.branchCode) {
    const { basketSetBranch } = await graphql(
      ShopBasketSetBranchDocument,
      { branchCode: branch.branchCode },
      { auth: true },
    );
    basketStore.set(payloadOrThrow(basketSetBranch).basket);
  }
}

sessionStore.subscribe((session) => {
  if (!session) basketStore.set(null);
});

/** Items in the basket, for the header badge (a count of things, not money). */
export function basketItemCount(basket: BasketFieldsFragment | null): number {
  return basket ? basket.lines.reduce((count, line) => count + line.quantity, 0) : 0;
}
