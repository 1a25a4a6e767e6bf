/** A route whose page module does not export the component it should: the "missing page" of docs/behaviour/web-app.md. */
export class MissingPageError extends Error {
  constructor(name: string) {
    super(`Page component ${name} is missing`);
    this.name = 'MissingPageError';
  }
}
