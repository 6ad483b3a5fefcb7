import fc from 'fast-check';

/**
 * What the account models share: a step that runs one real call and then checks the books,
 * the pick of one of two records, a share in percent, and the run of fixed sequences.
 */

export type Step<Model extends object, Real> = fc.AsyncCommand<Model, Real>;

/** A step named as the shrunk sequence prints it; after it, `checkBooks` must hold. */
export function stepper<Model extends object, Real>(checkBooks: (model: Model, real: Real) => Promise<void>) {
  return (name: string, run: (model: Model, real: Real) => Promise<void>): Step<Model, Real> => ({
    check: () => true,
    run: async (model, real) => {
      await run(model, real);
      await checkBooks(model, real);
    },
    toString: () => name,
  });
}

/** One of the two records a sequence works on. */
export const pick = fc.nat({ max: 1 });
/** A share of what is left or refundable, in percent. */
export const share = fc.integer({ min: 1, max: 100 });

/**
 * Runs sequences of up to `maxCommands` steps, each on records `setup` makes afresh. The
 * same sequences on every run, so that a failure is the product's and replays; MODEL_SEED
 * explores others (a failure prints the seed to put there).
 */
export function runSequences<Model extends object, Real>(
  steps: fc.Arbitrary<Step<Model, Real>>[],
  options: { maxCommands: number; numRuns: number },
  setup: () => Promise<{ model: Model; real: Real }>,
  after?: (real: Real) => Promise<void>,
) {
  return fc.assert(
    fc.asyncProperty(fc.commands(steps, { maxCommands: options.maxCommands }), async (commands) => {
      const start = await setup();
      await fc.asyncModelRun(() => start, commands);
      await after?.(start.real);
    }),
    { numRuns: options.numRuns, seed: Number(process.env.MODEL_SEED ?? 20_261_203) },
  );
}
