/**
 * Widget results per table version (docs/dashboards.md): a dashboard opened by many readers runs each grouped
 * aggregate once per change of its table. A row write bumps the table's version in the data cache (through the
 * change feed), which retires the results at once; the same 30 s time-to-live as the data cache covers writes
 * made by other processes. Results filtered on computed fields (which read other tables) are never kept.
 */
import type { WidgetData } from '@rowbase/core/api/dashboards';
import type { DataCache } from '../data/data-cache.js';

const TTL_MS = 30_000;
const MAX_ENTRIES = 2_000;

export class WidgetResultCache {
  private readonly entries = new Map<string, { version: number; at: number; value: WidgetData }>();
  constructor(private readonly data: DataCache) {}

  get(tableId: string, key: string): WidgetData | undefined {
    const e = this.entries.get(`${tableId}\u0000${key}`);
    if (!e) return undefined;
    if (e.version !== this.data.version(tableId) || Date.now() - e.at > TTL_MS) {
      this.entries.delete(`${tableId}\u0000${key}`);
      return undefined;
    }
    return e.value;
  }

  set(tableId: string, key: string, value: WidgetData): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(`${tableId}\u0000${key}`, {
      version: this.data.version(tableId),
      at: Date.now(),
      value,
    });
  }
}
