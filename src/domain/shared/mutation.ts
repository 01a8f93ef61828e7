import type { Transaction } from '../../store/index.js';
import type { RequestContext } from '../area.js';
import { Validator } from './validation.js';

/**
 * A mutation resolver `(parent, { input }, ctx)` whose checks and writes run in one store transaction
 * with a fresh Validator: what `write` returns is the answer, and a throw rolls its writes back. The
 * mutations of an area differ only in `write`, so the transaction and validator set-up is written once.
 */
export function inputMutation<I, R>(
  write: (input: I, v: Validator, tx: Transaction, ctx: RequestContext) => R,
): (_: unknown, args: { input: I }, ctx: RequestContext) => Promise<R> {
  return (_, { input }, ctx) => ctx.store.transact((tx) => write(input, new Validator(), tx, ctx));
}
