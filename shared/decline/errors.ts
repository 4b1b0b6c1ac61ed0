/**
 * Thrown for arguments no analysis can start from (a window whose start is
 * after its end, a time that is not a number, a model parameter out of its
 * domain). Data that merely make a fit unreliable (too few points, a poor
 * match) do not throw: the fit comes back `poor` with the reasons named.
 */
export class DeclineInputError extends Error {
  override readonly name = 'DeclineInputError';
}
