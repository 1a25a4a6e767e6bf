/**
 * Where a dropped kanban card lands (docs/views.md "Kanban card order"), and which cards of a tall stack are
 * on screen. Pure, so both are tested without a browser.
 */
export interface Drop<R> {
  /** The source stack's cards after the move (the same list when the card stays in its stack). */
  from: R[];
  /** The target stack's cards after the move. */
  to: R[];
  /** The ids of the target stack's first cards up to the dropped one: what the view saves as placed. */
  placed: string[];
}

/**
 * A card dropped on another card takes its place (within a stack, the cards between shift, as in any sorted
 * list); dropped on a stack's empty space it goes last when the stack's cards are all read, else first.
 * Undefined when nothing moves.
 */
export function planDrop<R>(args: {
  fromRows: R[];
  toRows: R[];
  sameStack: boolean;
  card: string;
  /** The card it was dropped on, if any. */
  over?: string;
  /** Whether every card of the target stack is read (its last card is the stack's last). */
  toComplete: boolean;
  idOf(row: R): string;
}): Drop<R> | undefined {
  const { fromRows, toRows, sameStack, card, over, toComplete, idOf } = args;
  const at = fromRows.findIndex((r) => idOf(r) === card);
  if (at < 0) return undefined;
  const row = fromRows[at]!;
  const rest = fromRows.filter((_, i) => i !== at);
  let target: R[];
  let index: number;
  if (sameStack) {
    if (over === undefined || over === card) return undefined;
    index = fromRows.findIndex((r) => idOf(r) === over);
    if (index < 0) return undefined;
    target = rest;
  } else {
    target = [...toRows];
    const onCard = over === undefined ? -1 : toRows.findIndex((r) => idOf(r) === over);
    index = onCard >= 0 ? onCard : toComplete ? toRows.length : 0;
  }
  const to = [...target.slice(0, index), row, ...target.slice(index)];
  return { from: sameStack ? to : rest, to, placed: to.slice(0, index + 1).map(idOf) };
}

/** The cards [from, to) a stack renders at a scroll position: those on screen and one screen either way. */
export function stackRange(
  slot: number,
  scrollTop: number,
  height: number,
  total: number,
): { from: number; to: number } {
  const from = Math.max(0, Math.floor((scrollTop - height) / slot));
  const to = Math.min(total, Math.ceil((scrollTop + 2 * height) / slot));
  return { from: Math.min(from, to), to };
}
