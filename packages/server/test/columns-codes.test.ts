/** QR code and barcode fields: the field they encode and the barcode format, stored, kept on update, checked. */
import { BARCODE_FORMATS } from '@rowbase/core/fields/code-options';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import {
  addColumn,
  columnByTitle,
  createBase,
  createTable,
  signedInOwner,
  type Owner,
} from './meta-factories.js';

describe.each(testDatabases())('QR code and barcode fields on %s', (kind) => {
  let server: TestServer;
  let owner: Owner;
  let baseId: string;
  let n = 0;
  beforeAll(async () => {
    server = await startTestServer(kind, { LOG_LEVEL: 'error' });
    owner = await signedInOwner(server);
    baseId = (await createBase(server, owner)).id;
  });
  afterAll(async () => server?.close());

  /** A table with a text field `Sku`, a number `Qty` and an attachment `Photo`. */
  async function stockTable() {
    const t = await createTable(server, owner, baseId, { title: `Stock${++n}` });
    await addColumn(server, owner, t.id, { title: 'Sku', uidt: 'SingleLineText' });
    await addColumn(server, owner, t.id, { title: 'Qty', uidt: 'Number' });
    const table = await addColumn(server, owner, t.id, { title: 'Photo', uidt: 'Attachment' });
    const id = (title: string) => columnByTitle(table, title).id as string;
    return { id: t.id, sku: id('Sku'), qty: id('Qty'), photo: id('Photo') };
  }

  const post = (tableId: string, body: Record<string, unknown>) =>
    server.api.post(`/api/v1/db/meta/tables/${tableId}/columns`, body, { token: owner.token });
  const patch = (columnId: string, body: Record<string, unknown>) =>
    server.api.patch(`/api/v1/db/meta/columns/${columnId}`, body, { token: owner.token });
  const read = async (columnId: string) =>
    (await server.api.get(`/api/v1/db/meta/columns/${columnId}`, { token: owner.token })).body;
  const titles = async (tableId: string) =>
    (
      (await server.api.get(`/api/v1/db/meta/tables/${tableId}`, { token: owner.token })).body
        .columns as any[]
    ).map((c) => c.title);

  it('stores the field to encode and the format, flat or in colOptions, Code 128 by default', async () => {
    const t = await stockTable();
    let table = await addColumn(server, owner, t.id, {
      title: 'QR',
      uidt: 'QrCode',
      fk_qr_value_column_id: t.sku,
    });
    table = await addColumn(server, owner, t.id, {
      title: 'EAN',
      uidt: 'Barcode',
      colOptions: { fk_barcode_value_column_id: t.sku, barcode_format: 'EAN13' },
    });
    table = await addColumn(server, owner, t.id, {
      title: 'Bars',
      uidt: 'Barcode',
      fk_barcode_value_column_id: t.qty,
    });
    expect(columnByTitle(table, 'QR').colOptions).toEqual({ fk_qr_value_column_id: t.sku });
    expect((await read(columnByTitle(table, 'EAN').id)).colOptions).toEqual({
      fk_barcode_value_column_id: t.sku,
      barcode_format: 'EAN13',
    });
    expect(columnByTitle(table, 'Bars').colOptions).toEqual({
      fk_barcode_value_column_id: t.qty,
      barcode_format: 'CODE128',
    });
  });

  it('changes the format or the field on update and keeps what the update leaves out', async () => {
    const t = await stockTable();
    const table = await addColumn(server, owner, t.id, {
      title: 'Bars',
      uidt: 'Barcode',
      fk_barcode_value_column_id: t.sku,
      barcode_format: 'EAN13',
    });
    const id = columnByTitle(table, 'Bars').id;
    let res = await patch(id, { title: 'Bars', uidt: 'Barcode', barcode_format: 'CODE39' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await read(id)).colOptions).toEqual({
      fk_barcode_value_column_id: t.sku,
      barcode_format: 'CODE39',
    });
    res = await patch(id, { fk_barcode_value_column_id: t.qty });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await read(id)).colOptions).toEqual({
      fk_barcode_value_column_id: t.qty,
      barcode_format: 'CODE39',
    });
    res = await patch(id, { title: 'Barcode' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await read(id)).toMatchObject({
      title: 'Barcode',
      colOptions: { fk_barcode_value_column_id: t.qty, barcode_format: 'CODE39' },
    });
    // A barcode turned QR code keeps the field it encodes.
    res = await patch(id, { uidt: 'QrCode' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await read(id)).toMatchObject({ uidt: 'QrCode', colOptions: { fk_qr_value_column_id: t.qty } });
  });

  it('refuses a missing, foreign or unencodable field to encode, and unknown formats', async () => {
    const t = await stockTable();
    const other = await stockTable();
    const problem = async (body: Record<string, unknown>) => {
      const res = await post(t.id, { title: 'Code', ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.msg).toBe(res.body.message);
      return res.body.msg as string;
    };
    expect(await problem({ uidt: 'Barcode' })).toContain('fk_barcode_value_column_id is required');
    expect(await problem({ uidt: 'QrCode', fk_barcode_value_column_id: t.sku })).toContain(
      'fk_qr_value_column_id is required',
    );
    expect(await problem({ uidt: 'QrCode', fk_qr_value_column_id: other.sku })).toMatch(
      new RegExp(`fk_qr_value_column_id: '${other.sku}' is not a field of table 'Stock\\d+'`),
    );
    expect(await problem({ uidt: 'Barcode', fk_barcode_value_column_id: t.photo })).toContain(
      "field 'Photo' is of type Attachment, which a Barcode field cannot encode",
    );
    const format = await problem({
      uidt: 'Barcode',
      fk_barcode_value_column_id: t.sku,
      barcode_format: 'EAN-13',
    });
    expect(format).toContain(`barcode_format must be one of ${BARCODE_FORMATS.join(', ')}`);
    expect(await titles(t.id)).not.toContain('Code');

    const table = await addColumn(server, owner, t.id, {
      title: 'Bars',
      uidt: 'Barcode',
      fk_barcode_value_column_id: t.sku,
    });
    const id = columnByTitle(table, 'Bars').id;
    const bad = await patch(id, { barcode_format: 'qr' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('barcode_format must be one of CODE128, upc, EAN13');
    expect((await patch(id, { fk_barcode_value_column_id: id })).status).toBe(400);
    expect((await read(id)).colOptions).toEqual({
      fk_barcode_value_column_id: t.sku,
      barcode_format: 'CODE128',
    });
  });

  it('deletes the codes of a field that is deleted or becomes a type no code can hold', async () => {
    const t = await stockTable();
    await addColumn(server, owner, t.id, { title: 'QR', uidt: 'QrCode', fk_qr_value_column_id: t.sku });
    await addColumn(server, owner, t.id, {
      title: 'Bars',
      uidt: 'Barcode',
      fk_barcode_value_column_id: t.qty,
    });
    await addColumn(server, owner, t.id, { title: 'Qty QR', uidt: 'QrCode', fk_qr_value_column_id: t.qty });
    const retyped = await patch(t.qty, { title: 'Qty', uidt: 'JSON' });
    expect(retyped.status, JSON.stringify(retyped.body)).toBe(200);
    expect(await titles(t.id)).toEqual(expect.arrayContaining(['QR']));
    expect(await titles(t.id)).not.toEqual(expect.arrayContaining(['Bars']));
    expect(await titles(t.id)).not.toContain('Qty QR');
    const del = await server.api.delete(`/api/v1/db/meta/columns/${t.sku}`, undefined, {
      token: owner.token,
    });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(await titles(t.id)).not.toContain('QR');
  });
});
