import { isCommerceError } from '../../errors.ts';
import { requireSafeInput } from '../../services/input-validation.ts';
import type { UserErrorModel } from '../graphql-models.ts';

type Empty<P> = { [K in keyof P]: null };

/**
 * Runs a mutation and turns domain failures into `userErrors` (spec "Errors"); anything else is
 * a fault and goes to the top-level error handler, which masks it. Every text of the arguments is
 * checked first (`requireSafeInput`), before the mutation does anything.
 */
export async function asPayload<P extends object>(
  args: object,
  run: () => Promise<P>,
  empty: Empty<P>,
): Promise<(P | Empty<P>) & { userErrors: UserErrorModel[] }> {
  try {
    requireSafeInput(args);
    return { ...(await run()), userErrors: [] };
  } catch (error) {
    if (!isCommerceError(error) || error.code === 'INTERNAL') throw error;
    return { ...empty, userErrors: [{ code: error.code, message: error.message, field: error.field ?? null }] };
  }
}
