import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render-app.tsx';
import { registerCrumbName } from './breadcrumb-names.ts';
import { Breadcrumbs } from './breadcrumbs.tsx';

describe('breadcrumbs', () => {
  it('names the sections of the URL in the current language and reads id 0 as New', () => {
    renderAt(<Breadcrumbs />, '/services/0', 'ar');
    const crumbs = screen.getByTestId('breadcrumbs');
    expect(within(crumbs).getByRole('link', { name: 'الخدمات' }).getAttribute('href')).toBe('/services');
    expect(within(crumbs).getByText('جديد')).toBeDefined();
  });

  it('asks the lookup a feature registered for the name behind an id', async () => {
    registerCrumbName('services', async (id) => (id === '12' ? 'Pizza orders' : 'other'));
    renderAt(<Breadcrumbs />, '/services/12/commands');
    await waitFor(() => expect(screen.getByText('Pizza orders')).toBeDefined());
    expect(screen.getByTestId('breadcrumbs').textContent).toContain('Commands');
  });

  it('names the response type a step of the response editor is for', () => {
    renderAt(<Breadcrumbs />, '/services/3/commands/5/result/options/dataset');
    expect(screen.getByTestId('breadcrumbs').textContent).toMatch(/Response\/Options\/Data set$/);
    renderAt(<Breadcrumbs />, '/services/3/commands/5/result/template/api', 'ar');
    expect(screen.getAllByTestId('breadcrumbs').at(-1)?.textContent).not.toContain('api');
  });

  it('shows the bare id when no lookup is registered', () => {
    renderAt(<Breadcrumbs />, '/dataset/7');
    expect(screen.getByTestId('breadcrumbs').textContent).toBe('Datasets/7');
  });
});
