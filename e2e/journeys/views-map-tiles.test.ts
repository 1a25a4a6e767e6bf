/**
 * A map view's tile layer set to another address, as its owner would: typed into the map's toolbar, stored in
 * the view, and the map then asks that tile server (a real one on loopback) for its tiles, also after a reload.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, eventually } from '../support/grid.js';
import { setUpViewsJourney, type ViewsJourney } from '../support/views.js';

let j: ViewsJourney;
let tiles: Server;
let template: string;
let mapId: string;
const asked: string[] = [];

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  tiles = createServer((req, res) => {
    asked.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' });
    res.end(PNG);
  });
  await new Promise<void>((r) => tiles.listen(0, '127.0.0.1', r));
  template = `http://127.0.0.1:${(tiles.address() as AddressInfo).port}/tiles/{z}/{x}/{y}.png`;
  j = await setUpViewsJourney({
    email: 'tiles@example.com',
    base: 'Trips',
    table: 'Places',
    columns: [{ title: 'Where', uidt: 'GeoData' }],
    rows: [{ Title: 'Lisbon', Where: '38.72;-9.14' }],
  });
  mapId = (await call(j.api, 'POST', `/api/v1/db/meta/tables/${j.tableId}/maps`, { title: 'Map' })).id;
}, 120_000);

afterAll(async () => {
  await j?.close();
  tiles?.close();
});

it('asks the tile server the view names, also after a reload', async () => {
  const page = await j.open(j.api, `/${mapId}`);
  await page.waitForSelector('[data-testid=map-tile-url]');
  await page.fill('[data-testid=map-tile-url]', template);
  await page.press('[data-testid=map-tile-url]', 'Enter');
  await eventually(
    async () => (await call(j.api, 'GET', `/api/v1/db/meta/maps/${mapId}`)).meta?.tileUrl,
    (v) => v === template,
  );
  await eventually(
    async () => asked.filter((u) => /^\/tiles\/\d+\/\d+\/\d+\.png$/.test(u)).length,
    (n) => n > 0,
    10_000,
  );
  asked.length = 0;
  await page.reload();
  await page.waitForSelector('[data-testid=map]');
  expect(await page.inputValue('[data-testid=map-tile-url]')).toBe(template);
  await eventually(
    async () => asked.length,
    (n) => n > 0,
    10_000,
  );
});
