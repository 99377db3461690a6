/**
 * Module resolution hook of the judge in `embedded` mode (registered with `module.register`): the
 * kit's embedded target imports `@crosschain/mock-server`; this points that import at the mutated
 * build in Stryker's sandbox, so the kit's own default run starts the mutant (and its dated twins).
 */
let target;

export function initialize(data) {
  target = data.target;
}

export function resolve(specifier, context, next) {
  if (specifier === '@crosschain/mock-server') return { url: target, shortCircuit: true };
  return next(specifier, context);
}
