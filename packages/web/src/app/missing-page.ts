/** A route whose page module does not export the component it should: SPEC §8's "missing page". */
export class MissingPageError extends Error {
  constructor(name: string) {
    super(`Page component ${name} is missing`);
    this.name = 'MissingPageError';
  }
}
