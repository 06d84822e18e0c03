import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { crumbNameLookup } from './breadcrumb-names.ts';
import { buildCrumbs, type Crumb } from './build-crumbs.ts';

function IdName({ parentSegment, id }: { parentSegment: string; id: string }) {
  const lookup = crumbNameLookup(parentSegment);
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: ['crumb-name', parentSegment, id],
    queryFn: () => lookup!(id, queryClient),
    enabled: lookup !== undefined,
    staleTime: 60_000,
  });
  return <>{data ?? id}</>;
}

function CrumbLabel({ crumb }: { crumb: Crumb }) {
  const { t } = useTranslation();
  if (crumb.kind === 'new') return <>{t('breadcrumbs.new')}</>;
  if (crumb.kind === 'all') return <>{t('breadcrumbs.all')}</>;
  if (crumb.kind === 'id') return <IdName parentSegment={crumb.parentSegment} id={crumb.id} />;
  if (crumb.kind === 'responseType') {
    // the picker's names in the address (dataset, datasource) are the stored types ds and data_source
    const stored = { dataset: 'ds', datasource: 'data_source' }[crumb.type] ?? crumb.type;
    return <>{t(`responses.types.${stored}`, { defaultValue: crumb.type })}</>;
  }
  return <>{t(`breadcrumbs.segments.${crumb.segment}`, { defaultValue: crumb.segment })}</>;
}

export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const crumbs = buildCrumbs(pathname);
  return (
    <nav aria-label={t('breadcrumbs.label')} data-testid="breadcrumbs">
      <MantineBreadcrumbs
        separatorMargin={6}
        styles={{ separator: { color: 'var(--mantine-color-dimmed)' } }}
      >
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <Text key={crumb.path} size="sm" fw={500} aria-current="page">
              <CrumbLabel crumb={crumb} />
            </Text>
          ) : (
            <Anchor key={crumb.path} component={Link} to={crumb.path} size="sm" c="dimmed">
              <CrumbLabel crumb={crumb} />
            </Anchor>
          ),
        )}
      </MantineBreadcrumbs>
    </nav>
  );
}
