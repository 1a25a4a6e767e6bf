/**
 * The "Items" table the query-plan tests share: a number, a decimal and a four-option select, with rows whose
 * values repeat in known cycles, so a test can work out the right answer without the database.
 */

export const ITEM_STATUSES = ['open', 'closed', 'pending', 'archived'];

/** Items row `i` (key i + 1), as inserted. */
export function itemRow(i: number) {
  return {
    Title: `Item ${i}`,
    Qty: i % 500,
    Price: ((i * 37) % 10_000) / 100,
    Status: ITEM_STATUSES[i % 4]!,
  };
}

/** The table API body of an Items table named `tableName` (title `title`). */
export function itemsTableBody(tableName: string, title: string) {
  return {
    table_name: tableName,
    title,
    columns: [
      { column_name: 'qty', title: 'Qty', uidt: 'Number' },
      { column_name: 'price', title: 'Price', uidt: 'Decimal' },
      {
        column_name: 'status',
        title: 'Status',
        uidt: 'SingleSelect',
        colOptions: { options: ITEM_STATUSES.map((title) => ({ title })) },
      },
    ],
  };
}
