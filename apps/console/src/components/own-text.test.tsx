import { Table } from '@mantine/core';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServiceExamplesCard } from '../features/commands/service-examples-card.tsx';
import { renderAt, stubServer } from '../test/render-app.tsx';
import { OwnText, OwnTextCell } from './own-text.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('owner text', () => {
  it('lays a text and a table cell out by their own first letter, aligned to their start', () => {
    renderAt(
      <>
        <OwnText>مرحبا</OwnText>
        <Table>
          <Table.Tbody>
            <Table.Tr>
              <OwnTextCell>hello</OwnTextCell>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </>,
      '/',
      'ar',
    );
    for (const text of ['مرحبا', 'hello']) {
      const element = screen.getByText(text);
      expect(element.getAttribute('dir')).toBe('auto');
      expect(element.style.textAlign).toBe('start');
    }
  });

  it('runs each row of the service-wide examples in its example’s direction, in the English console', async () => {
    stubServer(() => ({
      json: {
        status: 1,
        data: [
          { _id: 'a', example_text: 'أريد بيتزا كبيرة', example_lang: 'ar', example_command_id: 1 },
          { _id: 'b', example_text: 'a large pizza please', example_lang: 'en', example_command_id: 1 },
        ],
      },
    }));
    renderAt(<ServiceExamplesCard serviceId={4} />);
    const rows = await screen.findAllByTestId('service-example');
    expect(rows.map((row) => row.getAttribute('dir'))).toEqual(['rtl', 'ltr']);
    expect(screen.getByText('أريد بيتزا كبيرة').getAttribute('dir')).toBe('auto');
  });
});
