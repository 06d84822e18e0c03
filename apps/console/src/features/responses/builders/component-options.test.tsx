import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { builderServer, renderBuilder } from './builders.test-support.tsx';
import { ComponentOptions } from './component-options.tsx';

afterEach(() => vi.unstubAllGlobals());

const components = [
  {
    id: 3,
    name: 'Map locations nearest first',
    category: 'Places',
    description: 'The locations of your maps',
    fields: [{ name: 'title', label: 'Title' }],
    dataTypes: ['multi'],
  },
  {
    id: 1,
    name: 'Sender profile',
    category: 'Sender',
    description: 'Who is writing',
    fields: [{ name: 'name', label: 'Name' }],
    dataTypes: ['single'],
  },
];

const withComponents = builderServer((_method, path) =>
  path === '/components' ? { json: { status: 1, components } } : { status: 404, json: { status: 0 } },
);

describe('component options', () => {
  it('resets data type, limit, via and struct when another component is picked', async () => {
    const { latest } = renderBuilder(
      ComponentOptions,
      {
        resp_type: 'component',
        resp_component_id: 3,
        resp_component_resp_data_type: 'multi',
        resp_component_resp_data_limit: 4,
        resp_component_resp_via: 'card',
        resp_component_resp_struct: { title_key: 'title' },
      },
      withComponents,
    );
    expect(await screen.findByText('The locations of your maps')).toBeDefined();
    expect((screen.getByLabelText('Data limit') as HTMLInputElement).value).toBe('4');

    fireEvent.click(screen.getByRole('combobox', { name: 'Component' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sender profile' }));
    await waitFor(() => expect(latest.record.resp_component_id).toBe(1));
    expect(latest.record).toMatchObject({
      resp_component_resp_data_type: 'single',
      resp_component_resp_data_limit: 1,
      resp_component_resp_via: 'text',
    });
    expect(latest.record.resp_component_resp_struct.title_key).toBe('');
    expect(latest.record.resp_component_resp_struct.buttons).toEqual([]);
    // the limit shows only for multi
    expect(screen.queryByLabelText('Data limit')).toBeNull();
  });

  it('says there are no components when the server has none to list', async () => {
    renderBuilder(ComponentOptions, { resp_type: 'component' });
    expect((await screen.findAllByText('No components are available yet.')).length).toBeGreaterThan(0);
  });
});
