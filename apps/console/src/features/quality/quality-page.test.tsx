import type { QualityReportView } from '@hiwar/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token.ts';
import { renderApp, stubServer } from '../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const ref = (command_id: number, command_name: string) => ({ command_id, command_name, service_id: 2 });

function report(overrides: Partial<QualityReportView> = {}): QualityReportView {
  return {
    lang: 'en',
    parser: 'default',
    created_at: '2026-11-29T09:30:00.000Z',
    is_stale: false,
    folds: 5,
    examples: 40,
    accuracy: 0.875,
    macro_f1: 0.8,
    out_of_scope_caught: 0.42,
    commands: [
      { ...ref(7, 'delivery'), examples: 12, precision: 0.7, recall: 0.5, f1: 0.583, rejected: 1 },
      { ...ref(8, 'opening hours'), examples: 20, precision: 1, recall: 1, f1: 1, rejected: 0 },
      { ...ref(9, 'delivery time'), examples: 4, precision: 0.6, recall: 0.75, f1: 0.667, rejected: 0 },
    ],
    confusions: [
      {
        expected: ref(7, 'delivery'),
        predicted: ref(9, 'delivery time'),
        count: 3,
        examples: [{ text: 'delivery to my home', score: 0.71 }],
      },
    ],
    lookalikes: [
      {
        text: 'delivery to my home',
        command: ref(7, 'delivery'),
        predicted: ref(9, 'delivery time'),
        score: 0.71,
      },
    ],
    few_examples: [{ ...ref(9, 'delivery time'), examples: 4 }],
    ...overrides,
  };
}

function serve(answer: { is_running: boolean; data: QualityReportView[] }) {
  return stubServer((_method, path) =>
    path === '/nlu/quality'
      ? { json: { status: 1, ...answer } }
      : path === '/user/me'
        ? { json: { status: 1, data: { user_id: 4, username: 'owner', avatar: null } } }
        : { status: 404, json: { status: 0 } },
  );
}

describe('the quality screen', () => {
  it('shows the figures, the weakest command first, what is confused, and links each command to its examples', async () => {
    setToken('t');
    serve({ is_running: false, data: [report()] });
    renderApp('/quality');
    expect(await screen.findByRole('heading', { name: 'Quality' })).toBeDefined();
    expect(within(await screen.findByTestId('quality-accuracy')).getByText('88%')).toBeDefined();
    expect(within(screen.getByTestId('quality-out-of-scope')).getByText('42%')).toBeDefined();
    const rows = within(screen.getByTestId('quality-commands')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'delivery',
      'delivery time',
      'opening hours',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'delivery' }).getAttribute('href')).toBe(
      '/services/2/commands/7/examples',
    );
    const confusions = screen.getByTestId('quality-confusions');
    expect(within(confusions).getByText('× 3')).toBeDefined();
    expect(within(confusions).getByText('“delivery to my home”')).toBeDefined();
    expect(within(screen.getByTestId('quality-few-examples')).getByText('Examples: 4')).toBeDefined();
    expect(screen.queryByTestId('quality-stale')).toBeNull();
  });

  it('says when there is no report yet, and when one is being made', async () => {
    setToken('t');
    serve({ is_running: true, data: [] });
    renderApp('/quality');
    expect(await screen.findByTestId('quality-empty')).toBeDefined();
    expect(screen.getByText('A new report is being made…')).toBeDefined();
  });

  it('shows each language’s report, in Arabic, and says when the examples changed since', async () => {
    setToken('t');
    serve({ is_running: false, data: [report({ lang: 'ar', is_stale: true }), report({ accuracy: 0.5 })] });
    renderApp('/quality', 'ar');
    expect(await screen.findByRole('heading', { name: 'الجودة' })).toBeDefined();
    expect((await screen.findByTestId('quality-stale')).textContent).toContain('تغيّرت أمثلتك');
    fireEvent.click(screen.getByText('الإنجليزية'));
    expect(await screen.findByTestId('quality-report-en')).toBeDefined();
    expect(screen.getByTestId('quality-accuracy').textContent).toMatch(/50\s*\p{Cf}*[%٪]/u);
  });
});
