import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { builderServer, renderBuilder } from './builders.test-support.tsx';
import { SqlEditor } from './sql-editor.tsx';

afterEach(() => vi.unstubAllGlobals());

/** what the picker reads of a data source */
const shop = { data_source_id: 7, entity: { name: 'Shop', dbname: 'shop' } };

function sqlServer(tables: { status: number; data: string[]; msg?: string }) {
  return builderServer((_method, path) => {
    if (path === '/data_sources?all') return { json: { status: 1, data: [shop] } };
    if (path === '/data_sources/get_tables_name') return { json: tables };
    return { status: 404, json: { status: 0 } };
  });
}

const sqlRecord = {
  resp_type: 'data_source',
  resp_data_source_id: 7,
  resp_data_source_query_string: 'SELECT * FROM  WHERE city = ',
};

describe('SQL editor', () => {
  it("inserts a clicked table's name at the caret and a variable as {{name}}", async () => {
    const { latest } = renderBuilder(
      SqlEditor,
      sqlRecord,
      sqlServer({ status: 1, data: ['orders', 'products'] }),
    );
    const sql = screen.getByRole('combobox', { name: 'SQL query' }) as HTMLTextAreaElement;
    sql.setSelectionRange(14, 14);
    fireEvent.click(await screen.findByRole('button', { name: 'products' }));
    await waitFor(() =>
      expect(latest.record.resp_data_source_query_string).toBe('SELECT * FROM products WHERE city = '),
    );

    const typed = 'SELECT * FROM products WHERE city = @vci';
    fireEvent.change(sql, {
      target: { value: typed, selectionStart: typed.length, selectionEnd: typed.length },
    });
    fireEvent.mouseDown(screen.getByRole('option', { name: '{{city}}' }));
    expect(latest.record.resp_data_source_query_string).toBe('SELECT * FROM products WHERE city = {{city}}');
    expect(screen.getByText(/sent to the database as a bound parameter/)).toBeDefined();
  });

  it("says 'Failed connection' on the data source when its tables cannot be listed", async () => {
    renderBuilder(SqlEditor, sqlRecord, sqlServer({ status: 0, data: [], msg: 'refused' }));
    expect(await screen.findByText('Failed connection')).toBeDefined();
  });
});
